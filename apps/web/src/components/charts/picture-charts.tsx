import '@mantine/charts/styles.css';
import { BarChart, type BarChartProps, LineChart, type LineChartProps } from '@mantine/charts';

/**
 * Charts shown as one picture with a name (role img): screen readers announce the name. recharts'
 * keyboard layer would put a focusable control inside the picture, so it stays off.
 */
type Named = { 'aria-label': string };

/** A line chart as one named picture. */
export function PictureLineChart(props: LineChartProps & Named) {
  return <LineChart role="img" lineChartProps={{ accessibilityLayer: false }} {...props} />;
}

/** A bar chart as one named picture. */
export function PictureBarChart(props: BarChartProps & Named) {
  return <BarChart role="img" barChartProps={{ accessibilityLayer: false }} {...props} />;
}
