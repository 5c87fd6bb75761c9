import { CompetitionChooser } from './CompetitionChooser.tsx';
import { FinishWizard } from './FinishWizard.tsx';

/**
 * The finish wizard (/preffy/finish?id): without a competition the chooser, with one its three
 * steps (Notify Winners, Pay Winners, Mark As Completed). Staff and admins only; the wizard's
 * state lives on the server, so it resumes where it was on any machine.
 */
export function FinishPage({
  id,
  onCompetitionChange,
}: {
  id: string | undefined;
  onCompetitionChange: (id: string | undefined) => void;
}) {
  return id ? (
    <FinishWizard key={id} id={id} onBack={() => onCompetitionChange(undefined)} />
  ) : (
    <CompetitionChooser onChoose={onCompetitionChange} />
  );
}
