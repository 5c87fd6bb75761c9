import { Container } from '@mantine/core';
import { PlannedPage } from '../shell/PlannedPage.tsx';

/** The public competition page (/c/:id): no sign-in, no admin layout. */
export function PublicCompetitionPage() {
  return (
    <Container size="md" py="xl" component="main">
      <PlannedPage screen="publicCompetition" title="app.name" />
    </Container>
  );
}
