import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLanguage, i18n } from '../../lib/i18n/index.ts';
import { whyHere } from './why-here.ts';

describe("'Why here' in the user's language", () => {
  beforeAll(() => Promise.all([ensureLanguage('ru')]));
  const ru = i18n.getFixedT('ru', 'leaderboard');
  const en = i18n.getFixedT('en', 'leaderboard');

  it('writes each stored reason with the translated template', () => {
    expect(whyHere(ru, '1st Place: rank 1 by likes (5400)')).toBe(
      '1st Place: место 1, показатель «лайки» (5\u00a0400)',
    );
    expect(whyHere(ru, 'Top 20 Most Creative: creativity score 100 (at least 10), then likes')).toBe(
      'Top 20 Most Creative: оценка креативности 100 (не ниже 10), затем лайки',
    );
    expect(whyHere(ru, 'First 30 Creators: first-come: among the earliest creators to post')).toBe(
      'First 30 Creators: среди первых авторов, опубликовавших видео',
    );
    expect(whyHere(ru, 'banned: never wins')).toBe('Заблокирован: никогда не побеждает');
    expect(whyHere(ru, 'rank 31 by views (120), no prize left')).toBe(
      'Место 31, показатель «просмотры» (120), призов не осталось',
    );
    expect(whyHere(en, 'rank 31 by views (120), no prize left')).toBe(
      'Rank 31 by views (120), no prize left',
    );
  });

  it('writes the count in the reader’s format, not as stored', () => {
    expect(whyHere(en, '1st Place: rank 4 by likes (31404)')).toBe('1st Place: rank 4 by likes (31,404)');
    expect(whyHere(ru, 'rank 31 by views (31404), no prize left')).toBe(
      'Место 31, показатель «просмотры» (31\u00a0404), призов не осталось',
    );
  });

  it('shows a reason it does not know as stored', () => {
    expect(whyHere(ru, 'something new')).toBe('something new');
  });
});
