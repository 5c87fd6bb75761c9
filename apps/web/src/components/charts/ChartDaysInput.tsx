import { DatePickerInput } from '@mantine/dates';
import { CHART_FIRST_DAY } from '@preffy/domain';

type Range = [string | null, string | null];

/**
 * The days a chart counts: a range (one day is a range too) from CHART_FIRST_DAY until `today`
 * in the business time zone, the only days the chart endpoints accept.
 */
export function ChartDaysInput({
  label,
  description,
  today,
  value,
  onChange,
}: {
  label: string;
  description: string;
  today: string;
  value: Range;
  onChange: (range: Range) => void;
}) {
  return (
    <DatePickerInput
      type="range"
      label={label}
      description={description}
      valueFormat="YYYY-MM-DD"
      minDate={CHART_FIRST_DAY}
      maxDate={today}
      value={value}
      allowSingleDateInRange
      w={{ base: '100%', xs: 280 }}
      onChange={onChange}
    />
  );
}
