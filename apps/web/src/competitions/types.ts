/** The competition types come from the contract (@preffy/api); kept here for screens that import them from here. */
export type { Competition, CompetitionDefaults, CompetitionListItem } from '@preffy/api';
