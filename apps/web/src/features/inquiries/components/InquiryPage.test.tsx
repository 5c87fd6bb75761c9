import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/index.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { InquiryPage, type ReserveDateForInquiry } from './InquiryPage.tsx';
import { testAccount } from '../../../test/account.ts';

const inquiry = {
  id: 'i1',
  firstName: 'Ann',
  lastName: 'Artist',
  fullName: 'Ann Artist',
  email: 'ann@label.test',
  phone: '+1 212 555 0123',
  source: 'Website',
  inquiryType: 'Campaign',
  platforms: 'TikTok, YouTube',
  message: 'Please book us a contest',
  status: 'Unseen',
  assignedToEmail: null,
  assignedToName: null,
  date: Date.UTC(2026, 10, 20, 12),
  competitionId: null,
  version: 3,
  createdAt: 0,
  updatedAt: 0,
};

type Asked = { method: string; url: URL; body: unknown; key: string | undefined };
function stubServer() {
  const asked: Asked[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/csrf') return Response.json({ token: 'csrf' });
    const url = new URL(path, 'http://app.test');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : null;
    asked.push({ method, url, body, key: headers['idempotency-key'] });
    if (url.pathname === '/api/auth/me')
      return Response.json({
        user: { role: 'staff', name: 'S', email: 's@x.test' },
        businessTimeZone: 'UTC',
        account: testAccount,
      });
    if (url.pathname === '/api/inquiries/i1' && method === 'GET') return Response.json({ inquiry });
    if (url.pathname === '/api/inquiries/i1' && method === 'PUT')
      return Response.json({ inquiry: { ...inquiry, ...(body as object), version: 4 } });
    if (url.pathname === '/api/inquiries/i1/hold' && method === 'POST')
      return Response.json({
        inquiry: { ...inquiry, competitionId: (body as { competitionId: string }).competitionId, version: 4 },
      });
    if (url.pathname === '/api/inquiries/assignees')
      return Response.json({ items: [{ email: 'sam@preffy.test', name: 'Sam Staff' }] });
    if (url.pathname === '/api/inquiries/i1/notes' && method === 'GET')
      return Response.json({
        items: [
          {
            id: 'n1',
            authorName: 'Sam Staff',
            authorAvatarUrl: null,
            message:
              '<p><strong>Called</strong> back<script>alert(1)</script><img src=x onerror=alert(2)></p>',
            noteDate: Date.UTC(2026, 10, 21),
          },
        ],
        total: 1,
      });
    if (url.pathname === '/api/inquiries/i1/notes' && method === 'POST')
      return Response.json(
        {
          note: {
            id: 'n2',
            authorName: 'S',
            authorAvatarUrl: null,
            message: String((body as { message: string }).message),
            noteDate: 0,
          },
        },
        { status: 201 },
      );
    if (url.pathname === '/api/inquiries/i1/activity')
      return Response.json({
        items: [
          {
            id: 'a2',
            at: Date.UTC(2026, 10, 21, 9),
            actorName: 'Sam Staff',
            action: 'status',
            changes: { status: { from: 'Unseen', to: 'In Progress' } },
          },
          { id: 'a1', at: Date.UTC(2026, 10, 20, 9), actorName: null, action: 'created', changes: null },
        ],
        total: 2,
      });
    return Response.json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
  });
  return asked;
}

/** Stands in for the calendar's Reserve A Date form: shows the pre-fill, and "makes" hold c9. */
const reserveDate: ReserveDateForInquiry = ({ prefill, onReserved, onClose }) => (
  <div role="dialog" aria-label="Reserve A Date">
    <p data-testid="prefill-organizer">{prefill.organizer}</p>
    <p data-testid="prefill-notes">{prefill.notes}</p>
    <button type="button" onClick={() => void onReserved('c9').then(onClose)}>
      Reserve
    </button>
  </div>
);
const Page = () => <InquiryPage id="i1" reserveDate={reserveDate} />;
afterEach(() => vi.unstubAllGlobals());

describe('one inquiry', () => {
  it('shows the record, the notes as safe rich text, and the activity in words', async () => {
    stubServer();
    renderPage('/contacts-profile', Page, { links: ['/inquiries'] });
    expect(await screen.findByRole('heading', { name: 'Ann Artist', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('inquiry-message').textContent).toBe('Please book us a contest');
    expect(screen.getByRole('link', { name: 'ann@label.test' }).getAttribute('href')).toBe(
      'mailto:ann@label.test',
    );
    expect(screen.getByTestId('inquiry-status').textContent).toBe('Unseen');
    const note = await screen.findByTestId('inquiry-note');
    expect(note.querySelector('strong')?.textContent).toBe('Called');
    expect(note.querySelector('script, img')).toBeNull();
    const activity = await screen.findByTestId('inquiry-activity');
    expect(activity.textContent).toContain('changed the status from Unseen to In Progress');
    expect(activity.textContent).toContain('The contact form');
    expect(activity.textContent).toContain('created the inquiry');
  });

  it('shows each field under its label: name, email, phone, date, source, type, platforms, assigned to', async () => {
    stubServer();
    renderPage('/contacts-profile', Page, { links: ['/inquiries'] });
    await screen.findByRole('heading', { name: 'Ann Artist', level: 1 });
    const valueOf = (label: string) =>
      screen.getByText(label, { selector: 'p' }).nextElementSibling?.textContent;
    expect(
      ['Full Name', 'Email', 'Phone', 'Date', 'Source', 'Inquiry Type', 'Platforms', 'Assigned To'].map(
        valueOf,
      ),
    ).toEqual([
      'Ann Artist',
      'ann@label.test',
      '+1 212 555 0123',
      '2026-11-20',
      'Website',
      'Campaign',
      'TikTok, YouTube',
      'Nobody yet',
    ]);
    expect(screen.getByRole('link', { name: '+1 212 555 0123' }).getAttribute('href')).toBe(
      'tel:+1 212 555 0123',
    );
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add A Note' })).toBeTruthy();
  });

  it('Update Inquiry checks the fields, then saves with the version read', async () => {
    const asked = stubServer();
    renderPage('/contacts-profile', Page, { links: ['/inquiries'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Inquiry: Ann Artist' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Phone/ }), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Invalid phone')).toBeTruthy();
    expect(asked.some((a) => a.method === 'PUT')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Phone/ }), {
      target: { value: '+44 20 7946 0958' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(asked.some((a) => a.method === 'PUT')).toBe(true));
    expect(asked.find((a) => a.method === 'PUT')!.body).toEqual({
      firstName: 'Ann',
      lastName: 'Artist',
      email: 'ann@label.test',
      phone: '+44 20 7946 0958',
      assignedToEmail: null,
      status: 'Unseen',
      version: 3,
    });
  });

  it('Reserve a date for this inquiry pre-fills the form and links the hold it makes, with the version read', async () => {
    const asked = stubServer();
    renderPage('/contacts-profile', Page, { links: ['/inquiries', '/edit'] });
    expect(await screen.findByText('None yet')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Reserve a date for this inquiry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reserve A Date' });
    expect(within(dialog).getByTestId('prefill-organizer').textContent).toBe('Ann Artist');
    expect(within(dialog).getByTestId('prefill-notes').textContent).toBe(
      'From the inquiry of Ann Artist (ann@label.test, +1 212 555 0123)',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reserve' }));
    expect(await screen.findByRole('link', { name: 'Open the hold' })).toBeTruthy();
    const link = asked.find((a) => a.url.pathname === '/api/inquiries/i1/hold');
    expect(link?.body).toEqual({ version: 3, competitionId: 'c9' });
    expect(screen.queryByRole('button', { name: 'Reserve a date for this inquiry' })).toBeNull();
  });
});
