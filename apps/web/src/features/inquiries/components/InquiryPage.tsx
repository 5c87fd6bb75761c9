import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Inquiry } from '@preffy/api';
import { IconCalendarPlus, IconNote, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordLoader } from '../../../components/RecordLoader.tsx';
import { NotFoundPage } from '../../../components/StatusPages.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { confirmDestructive } from '../../../components/confirm-destructive.tsx';
import { describeError, notifyError } from '../../../lib/api/client.ts';
import { UNFORMATTABLE, formatDay } from '../../../lib/format.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { inquiryQuery, useDeleteInquiry, useLinkHold } from '../api/inquiries.ts';
import { InquiryStatusBadge } from './InquiryStatusBadge.tsx';
import { AddNoteModal } from './AddNoteModal.tsx';
import { InquiryActivity } from './InquiryActivity.tsx';
import { InquiryNotes } from './InquiryNotes.tsx';
import { UpdateInquiryModal } from './UpdateInquiryModal.tsx';

/**
 * The calendar's Reserve A Date form, opened for an inquiry: pre-filled with who asked, and
 * `onReserved` links the hold it makes. The app passes it in (features do not import each other).
 */
export type ReserveDateForInquiry = (props: {
  prefill: { organizer: string; notes: string };
  onReserved: (competitionId: string) => Promise<void>;
  onClose: () => void;
}) => ReactNode;

/**
 * One inquiry (/contacts-profile?id): the message and the person, Update (the Update Inquiry
 * modal) and Delete (confirmed; back to the inbox), the notes with Add A Note, and the activity
 * timeline from the audit log. Staff and admins only.
 */
export function InquiryPage({
  id,
  reserveDate,
}: {
  id: string | undefined;
  reserveDate: ReserveDateForInquiry;
}) {
  if (!id) return <NotFoundPage />;
  return <InquiryDetail id={id} reserveDate={reserveDate} />;
}

function InquiryDetail({ id, reserveDate }: { id: string; reserveDate: ReserveDateForInquiry }) {
  const { t } = useTranslation('inquiries');
  const query = useQuery(inquiryQuery(id));
  return (
    <RecordLoader query={query} texts={{ loading: t('loading'), loadFailed: t('loadFailed') }}>
      {({ inquiry }) => <InquiryView inquiry={inquiry} reserveDate={reserveDate} />}
    </RecordLoader>
  );
}

function InquiryView({ inquiry, reserveDate }: { inquiry: Inquiry; reserveDate: ReserveDateForInquiry }) {
  const { t } = useTranslation('inquiries');
  const timeZone = useBusinessTimeZone();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [noting, setNoting] = useState(false);
  const [reserving, setReserving] = useState(false);
  const remove = useDeleteInquiry();
  const linkHold = useLinkHold(inquiry.id);
  // The hold is made whatever happens here: a failed link says so and leaves the hold alone.
  const link = (competitionId: string) =>
    linkHold.mutateAsync(competitionId).then(
      () => void notifications.show({ color: 'green', message: t('hold.linked') }),
      (error: unknown) =>
        void notifications.show({
          color: 'red',
          title: t('hold.linkFailed'),
          message: describeError(error).message,
          autoClose: false,
        }),
    );

  const confirmDelete = () =>
    confirmDestructive({
      title: t('delete.title', { name: inquiry.fullName }),
      body: t('delete.body'),
      confirm: t('delete.confirm'),
      testId: 'confirm-delete-inquiry',
      onConfirm: () =>
        remove.mutate(inquiry, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('delete.done', { name: inquiry.fullName }) });
            void navigate({ to: '/inquiries' });
          },
          onError: notifyError,
        }),
    });

  const orDash = (v: string | null) => v || UNFORMATTABLE;
  return (
    <Stack>
      <PageHeader title={inquiry.fullName}>
        <Group gap="xs">
          {!inquiry.competitionId && (
            <Button
              variant="light"
              leftSection={<IconCalendarPlus size={16} />}
              onClick={() => setReserving(true)}
            >
              {t('hold.reserve')}
            </Button>
          )}
          <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
            {t('update')}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={confirmDelete}
          >
            {t('delete.button')}
          </Button>
        </Group>
      </PageHeader>
      <Card withBorder>
        <Stack>
          <Group gap="xs">
            <InquiryStatusBadge status={inquiry.status} />
          </Group>
          <div>
            <Text size="sm" c="dimmed">
              {t('fields.message')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="inquiry-message">
              {inquiry.message || UNFORMATTABLE}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            <Field label={t('fields.fullName')}>{inquiry.fullName}</Field>
            <Field label={t('fields.email')}>
              <Anchor href={`mailto:${inquiry.email}`} style={{ overflowWrap: 'anywhere' }}>
                {inquiry.email}
              </Anchor>
            </Field>
            <Field label={t('fields.phone')}>
              {inquiry.phone ? <Anchor href={`tel:${inquiry.phone}`}>{inquiry.phone}</Anchor> : UNFORMATTABLE}
            </Field>
            <Field label={t('fields.date')}>{formatDay(inquiry.date, timeZone)}</Field>
            <Field label={t('fields.source')}>{orDash(inquiry.source)}</Field>
            <Field label={t('fields.inquiryType')}>{orDash(inquiry.inquiryType)}</Field>
            <Field label={t('fields.platforms')}>{orDash(inquiry.platforms)}</Field>
            <Field label={t('fields.assignedToEmail')}>
              <span data-testid="inquiry-assignee">
                {inquiry.assignedToName || inquiry.assignedToEmail || t('unassigned')}
              </span>
            </Field>
            <Field label={t('hold.field')}>
              {inquiry.competitionId ? (
                <Anchor
                  renderRoot={(props) => (
                    <Link to="/edit" search={{ id: inquiry.competitionId ?? undefined }} {...props} />
                  )}
                >
                  {t('hold.open')}
                </Anchor>
              ) : (
                t('hold.none')
              )}
            </Field>
          </SimpleGrid>
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack>
          <Group justify="space-between">
            <Title order={2} size="h3">
              {t('notes.title')}
            </Title>
            <Button variant="light" leftSection={<IconNote size={16} />} onClick={() => setNoting(true)}>
              {t('notes.add')}
            </Button>
          </Group>
          <InquiryNotes id={inquiry.id} />
        </Stack>
        <Stack>
          <Title order={2} size="h3">
            {t('activity.title')}
          </Title>
          <InquiryActivity id={inquiry.id} />
        </Stack>
      </SimpleGrid>
      {editing && <UpdateInquiryModal inquiry={inquiry} onClose={() => setEditing(false)} />}
      {noting && <AddNoteModal id={inquiry.id} onClose={() => setNoting(false)} />}
      {reserving &&
        reserveDate({
          prefill: {
            organizer: inquiry.fullName,
            notes: t('hold.notes', {
              name: inquiry.fullName,
              email: inquiry.email,
              phone: inquiry.phone ?? UNFORMATTABLE,
            }),
          },
          onReserved: link,
          onClose: () => setReserving(false),
        })}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
