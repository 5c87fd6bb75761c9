import { type CompetitionField, type CompetitionFormMode, canSetCompetitionField } from '@preffy/domain';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../lib/session.ts';

/**
 * Props that show a field read-only, with a note, to users the domain's field table does not
 * let set it (organizers: money and flags). The value stays in the form and is sent unchanged,
 * which the server accepts; a changed value would be refused with 403.
 */
export function useStaffOnlyFields(mode: CompetitionFormMode) {
  const { t } = useTranslation('competitions');
  const { role } = useMe();
  return {
    /** For text and number inputs: readable, not editable. */
    input: (field: CompetitionField) =>
      canSetCompetitionField(role, field, mode) ? {} : { readOnly: true, description: t('staffOnly') },
    /** For checkboxes, which have no read-only state. */
    checkbox: (field: CompetitionField) =>
      canSetCompetitionField(role, field, mode) ? {} : { disabled: true, description: t('staffOnly') },
  };
}
