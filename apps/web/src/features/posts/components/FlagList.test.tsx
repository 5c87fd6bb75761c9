import type { StoredPostFlag } from '@preffy/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { signedInQueryClient } from '../../../test/account.ts';
import { FlagList } from './FlagList.tsx';

const duplicate = (earlierRemoved: number): StoredPostFlag =>
  ({
    code: 'possibleDuplicate',
    message: 'Possible Duplicate',
    values: {
      postId: '7301',
      earlierId: 'p1',
      earlierCreator: 'Ann',
      earlierLink: 'https://www.tiktok.com/@ann/video/7301',
      earlierRemoved,
    },
  }) as StoredPostFlag;

describe('a flag list', () => {
  it('names the earlier entry of a Possible Duplicate and links to it on the posts page', async () => {
    renderPage('/card', () => <FlagList flags={[duplicate(1)]} colorOf={() => 'red'} testId="flags" />, {
      links: ['/preffy/posts'],
      queryClient: signedInQueryClient(),
    });
    const list = await screen.findByTestId('flags');
    expect(list.textContent).toContain("Possible Duplicate (Ann's entry of video 7301 is already scored)");
    const link = within(list).getByRole('link', { name: 'Open the earlier entry' });
    // A removed entry is in the Inactive tab, found by its link.
    const target = new URL(link.getAttribute('href')!, 'http://app.test');
    expect(target.pathname).toBe('/preffy/posts');
    expect(target.searchParams.get('tab')).toBe('inactive');
    expect(target.searchParams.get('search')).toBe('https://www.tiktok.com/@ann/video/7301');
  });

  it('links nowhere for a flag without an earlier entry (one stored before flags named it)', async () => {
    const older = { ...duplicate(0), values: { postId: '7301' } } as StoredPostFlag;
    renderPage('/card', () => <FlagList flags={[older]} colorOf={() => 'red'} testId="flags" />, {
      queryClient: signedInQueryClient(),
    });
    const list = await screen.findByTestId('flags');
    expect(list.textContent).toBe('Possible Duplicate');
    expect(within(list).queryByRole('link')).toBeNull();
  });
});
