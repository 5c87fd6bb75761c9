import { Avatar, Card, Group, Loader, Stack, Text, Typography } from '@mantine/core';
import type { InquiryNote } from '@preffy/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { richText } from '../../../lib/rich-text.tsx';
import { useFormatTimestamp } from '../../../lib/session.ts';
import { notesQuery } from '../api/inquiries.ts';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** The notes, newest first: author (picture or initials), when, and the sanitised rich text. */
export function InquiryNotes({ id }: { id: string }) {
  const { t } = useTranslation('inquiries');
  const when = useFormatTimestamp();
  const query = useQuery(notesQuery(id));
  if (query.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (query.isError) return <Text c="red">{t('loadFailed')}</Text>;
  const notes = query.data.items;
  if (notes.length === 0) return <Text c="dimmed">{t('notes.empty')}</Text>;
  return (
    <Stack gap="sm" data-testid="inquiry-notes">
      {notes.map((note: InquiryNote) => (
        <Card key={note.id} withBorder padding="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Avatar
              radius="xl"
              color="initials"
              src={note.authorAvatarUrl}
              name={note.authorName}
              aria-hidden
            >
              {initialsOf(note.authorName)}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Group gap="xs">
                <Text fw={600} size="sm">
                  {note.authorName}
                </Text>
                <Text size="xs" c="dimmed">
                  {when(note.noteDate)}
                </Text>
              </Group>
              <Typography style={{ overflowWrap: 'anywhere' }} data-testid="inquiry-note">
                {richText(note.message)}
              </Typography>
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
