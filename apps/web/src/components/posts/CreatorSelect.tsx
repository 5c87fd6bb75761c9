import type { Creator } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { type Option, SearchableSelect } from '../forms/SearchableSelect.tsx';
import { platformName } from '../../lib/labels.ts';
import { creatorsQuery } from '../../lib/post-lists.ts';

/** Each handle once (the same handle on two platforms is one creator here, as the filter is). */
export function creatorOptions(items: Creator[]): Option[] {
  const seen = new Map<string, Option>();
  for (const c of items)
    if (!seen.has(c.creator))
      seen.set(c.creator, { value: c.creator, label: `${c.creator} (${platformName(c.platform)})` });
  return [...seen.values()];
}

/** One of a competition's creators, searched on the server (the manual page, the referral reset). */
export function CreatorSelect({
  competitionId,
  value,
  onChange,
  testId,
}: {
  competitionId: string;
  value: string | null;
  onChange: (creator: string | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <SearchableSelect
      label={t('creatorSelect.label')}
      placeholder={t('creatorSelect.placeholder')}
      nothingFound={t('creatorSelect.nothingFound')}
      value={value}
      onChange={onChange}
      query={(search) => creatorsQuery(competitionId, search)}
      optionsOf={(page) => creatorOptions(page.items)}
      testId={testId}
    />
  );
}
