import { useTranslation } from 'react-i18next';
import { formatDay } from './format.ts';
import { useBusinessTimeZone } from './session.ts';

type Named = { name: string; organizer: string; startDate: number; endDate: number };

/**
 * How a dialog names one competition: the song, the artist and the dates (business days). Two
 * competitions may share a song title, so the title alone does not say which one a change hits.
 */
export function useCompetitionLabel(): (c: Named) => string {
  const { t } = useTranslation('common');
  const timeZone = useBusinessTimeZone();
  return (c) => {
    const values = {
      song: c.name.trim(),
      artist: c.organizer,
      start: formatDay(c.startDate, timeZone),
      end: formatDay(c.endDate, timeZone),
    };
    return values.song ? t('competitionLabel', values) : t('competitionLabelNoSong', values);
  };
}
