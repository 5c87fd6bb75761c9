import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { REPORT_SHARE_MAX_DAYS, type ReportShare } from '@preffy/api';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../components/ResponsiveModal.tsx';
import { confirmDestructive } from '../../../components/confirm-destructive.tsx';
import { ApiError, notifyError } from '../../../lib/api/client.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { UNFORMATTABLE, formatDay } from '../../../lib/format.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { reportSharesQuery, useRevokeShare, useShareReport } from '../api/reports.ts';

type Values = { expiresInDays: number | string };
const DEFAULT_DAYS = 14;

/**
 * Share with the artist (staff and admins): make a link that expires in 1 to 90 days and show
 * its address once (the server keeps only a hash of it), then the links made so far, each with
 * Revoke (confirmed, with the version read).
 */
export function ShareReportModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const [madeUrl, setMadeUrl] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { expiresInDays: DEFAULT_DAYS },
    validate: {
      expiresInDays: (value) =>
        typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= REPORT_SHARE_MAX_DAYS
          ? null
          : t('share.daysRange'),
    },
  });
  const share = useShareReport(id);
  const save = useFormMutation({
    form,
    mutationFn: (body: { expiresInDays: number }) => share.mutateAsync(body),
    onSuccess: ({ url }) => setMadeUrl(url),
  });

  return (
    <ResponsiveModal opened onClose={onClose} size="xl" title={t('share.title')}>
      <Stack>
        <Text size="sm">{t('share.intro')}</Text>
        <form
          onSubmit={form.onSubmit((values) => save.submit({ expiresInDays: Number(values.expiresInDays) }))}
          noValidate
        >
          <Group align="flex-end">
            <NumberInput
              label={t('share.expiresInDays')}
              min={1}
              max={REPORT_SHARE_MAX_DAYS}
              allowDecimal={false}
              allowNegative={false}
              w={180}
              data-autofocus
              {...form.getInputProps('expiresInDays')}
            />
            {/* Loading disables it: with no Idempotency-Key (the answer is secret), that is what
                keeps a double click from making two links. */}
            <Button type="submit" loading={save.isPending}>
              {t('share.create')}
            </Button>
          </Group>
        </form>
        {madeUrl && <MadeLink url={madeUrl} />}
        <SharesList id={id} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('share.close')}
          </Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}

/** The new link's address, with Copy: shown this once, since the server cannot show it again. */
function MadeLink({ url }: { url: string }) {
  const { t } = useTranslation('reports');
  return (
    <Alert color="green" data-testid="share-made">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('share.made')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label={t('share.link')}
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="share-url"
          />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('copied', { ns: 'common' }) : t('copy', { ns: 'common' })}>
                <ActionIcon
                  variant="light"
                  color={copied ? 'teal' : 'blue'}
                  size="lg"
                  onClick={copy}
                  aria-label={t('copy', { ns: 'common' })}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

function ShareStatusBadge({ share }: { share: ReportShare }) {
  const { t } = useTranslation('reports');
  const [color, label] = share.revokedAt
    ? (['gray', t('share.revoked')] as const)
    : share.live
      ? (['green', t('share.live')] as const)
      : (['yellow', t('share.expired')] as const);
  return (
    <Badge color={color} variant="light" data-testid="share-status">
      {label}
    </Badge>
  );
}

/** The links made for this report, newest first; only a live one can be revoked. */
function SharesList({ id }: { id: string }) {
  const { t } = useTranslation('reports');
  const timeZone = useBusinessTimeZone();
  const query = useQuery(reportSharesQuery(id));
  const revoke = useRevokeShare(id);

  const askRevoke = (share: ReportShare) =>
    confirmDestructive({
      title: t('share.revokeTitle'),
      body: t('share.revokeBody'),
      confirm: t('share.revoke'),
      testId: 'confirm-revoke-share',
      onConfirm: () =>
        revoke.mutate(share, {
          onSuccess: () => notifications.show({ color: 'green', message: t('share.revokeDone') }),
          onError: (error) => {
            // Someone revoked or changed it meanwhile: the list is read again (onSettled) and says so.
            if (error instanceof ApiError && error.status === 409)
              notifications.show({ color: 'yellow', message: t('share.conflict'), autoClose: 10_000 });
            else notifyError(error);
          },
        }),
    });

  if (query.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (query.isError)
    return (
      <Text c="red" role="alert">
        {t('loadFailed')}
      </Text>
    );
  const shares = query.data.items;
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('share.links')}</Text>
      {shares.length === 0 ? (
        <Text c="dimmed" data-testid="shares-empty">
          {t('share.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped data-testid="shares">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('share.createdAt')}</Table.Th>
                <Table.Th>{t('share.by')}</Table.Th>
                <Table.Th>{t('share.expires')}</Table.Th>
                <Table.Th>{t('share.status')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('actions', { ns: 'common' })}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shares.map((share) => (
                <Table.Tr key={share.id} data-testid="share-row">
                  <Table.Td>{formatDay(share.createdAt, timeZone)}</Table.Td>
                  <Table.Td>{share.createdByName ?? UNFORMATTABLE}</Table.Td>
                  <Table.Td>{formatDay(share.expiresAt, timeZone)}</Table.Td>
                  <Table.Td>
                    <ShareStatusBadge share={share} />
                  </Table.Td>
                  <Table.Td>
                    {share.live && (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        loading={revoke.isPending && revoke.variables?.id === share.id}
                        onClick={() => askRevoke(share)}
                        aria-label={t('share.revokeLabel', { day: formatDay(share.createdAt, timeZone) })}
                      >
                        {t('share.revoke')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
