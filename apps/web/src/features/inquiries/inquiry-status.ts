import { INQUIRY_STATUS_FILTERS, inquiryStatusFilter } from '@preffy/domain';

/** The inbox's views: the three statuses and all (the URL's `status`, inquiryStatusFilter). */
export const INQUIRY_VIEWS = ['all', ...Object.keys(INQUIRY_STATUS_FILTERS)] as (
  'all' | keyof typeof INQUIRY_STATUS_FILTERS
)[];
export type InquiryView = (typeof INQUIRY_VIEWS)[number];

/** The view a `status` query value shows: unseen, inprogress, completed, or all for anything else. */
export function inquiryViewOf(status: string | null | undefined): InquiryView {
  const selected = inquiryStatusFilter(status);
  if (selected === null) return 'all';
  return (Object.keys(INQUIRY_STATUS_FILTERS) as (keyof typeof INQUIRY_STATUS_FILTERS)[]).find(
    (key) => INQUIRY_STATUS_FILTERS[key] === selected,
  )!;
}

/** The status badge's colour: In Progress a warning, Completed a success, anything else danger. */
export function inquiryStatusColor(status: string): 'yellow' | 'green' | 'red' {
  if (status === INQUIRY_STATUS_FILTERS.inprogress) return 'yellow';
  if (status === INQUIRY_STATUS_FILTERS.completed) return 'green';
  return 'red';
}

/** The translation key of a known status; a legacy text is shown as it is (null). */
export function inquiryStatusKey(status: string) {
  if (status === INQUIRY_STATUS_FILTERS.unseen) return 'status.unseen' as const;
  if (status === INQUIRY_STATUS_FILTERS.inprogress) return 'status.inprogress' as const;
  if (status === INQUIRY_STATUS_FILTERS.completed) return 'status.completed' as const;
  return null;
}
