import { Button } from '@mantine/core';
import { reports, urlOf } from '@preffy/api';
import { roleMeets } from '@preffy/domain';
import { IconShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordLoader } from '../../../components/RecordLoader.tsx';
import { NotFoundPage } from '../../../components/StatusPages.tsx';
import { useBusinessTimeZone, useMe } from '../../../lib/session.ts';
import { reportQuery } from '../api/reports.ts';
import { ReportView } from './ReportView.tsx';
import { ShareReportModal } from './ShareReportModal.tsx';

/**
 * The competition report (/reports?id) for signed-in users. A competition the user may not see
 * answers 404 like one that does not exist, so both show the not-found page. Staff and admins
 * also get the money section (from the server) and Share with the artist.
 */
export function ReportPage({ id }: { id: string | undefined }) {
  if (!id) return <NotFoundPage />;
  return <ReportLoader id={id} />;
}

function ReportLoader({ id }: { id: string }) {
  const { t } = useTranslation('reports');
  const me = useMe();
  const timeZone = useBusinessTimeZone();
  const query = useQuery(reportQuery(id));
  const [sharing, setSharing] = useState(false);
  // Organizers may read the report but not hand it out: the share routes answer them 403.
  const canShare = roleMeets(me.role, 'staff');
  return (
    <RecordLoader query={query} texts={{ loading: t('loading'), loadFailed: t('loadFailed') }}>
      {({ report }) => (
        <>
          <ReportView
            report={report}
            timeZone={timeZone}
            downloads={{ csv: urlOf(reports.csv, { id }), pdf: urlOf(reports.pdf, { id }) }}
            actions={
              canShare && (
                <Button leftSection={<IconShare size={16} />} onClick={() => setSharing(true)}>
                  {t('share.button')}
                </Button>
              )
            }
          />
          {sharing && <ShareReportModal id={id} onClose={() => setSharing(false)} />}
        </>
      )}
    </RecordLoader>
  );
}
