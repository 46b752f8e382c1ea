import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';

export interface ChartSeries {
  id: string;
  label: string;
  data: number[];
}

interface ReportChartProps {
  /** What the chart shows, said in its caption and to assistive technology. */
  caption: string;
  /** The id of the table that holds the chart's figures. */
  tableId: string;
  categories: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  /** A bar's segment clicked: its series and the index of its category. */
  onSegmentClick?: (seriesId: string, dataIndex: number) => void;
  /** Side by side instead of stacked (this year against last, a median against the 90th). */
  grouped?: boolean;
  testId: string;
}

/**
 * Stacked (or grouped) bars of a report (issue 27). A series is told apart by its name in the legend and
 * the tooltip, not by colour alone, and the table named by tableId carries every figure for a
 * reader who cannot see the chart: the figure points to it.
 */
export function ReportChart(props: ReportChartProps) {
  const { caption, tableId, categories, series, format, onSegmentClick, testId } = props;
  return (
    <Box
      component="figure"
      aria-describedby={tableId}
      sx={{ m: 0, mb: 2, breakInside: 'avoid' }}
      data-testid={testId}
    >
      <Typography component="figcaption" variant="subtitle2" sx={{ mb: 1 }}>
        {caption}
      </Typography>
      <BarChart
        height={320}
        skipAnimation
        xAxis={[{ scaleType: 'band', data: categories }]}
        yAxis={[{ valueFormatter: (value: number) => format(value), width: 90 }]}
        series={series.map((line) => ({
          id: line.id,
          label: line.label,
          data: line.data,
          stack: props.grouped ? undefined : 'total',
          valueFormatter: (value: number | null) => (value === null ? '' : format(value)),
        }))}
        onItemClick={
          onSegmentClick
            ? (_event, item) => onSegmentClick(String(item.seriesId), item.dataIndex)
            : undefined
        }
        slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom' } } }}
      />
    </Box>
  );
}
