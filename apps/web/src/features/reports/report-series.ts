import type { ChartSeries } from './report-chart';

/** The series id of what a chart stacks as one "other …" segment. */
export const OTHERS = '__others';
/** Suppliers the aging chart names one by one; the rest stack as one "other suppliers". */
export const CHART_SUPPLIERS = 8;
/** Organisations a chart across them names one by one; the rest stack as one series. */
const CHART_ORGANIZATIONS = 8;

/**
 * A series per organisation of the charts across them: the largest by their sum named, the
 * rest stacked as one "other organisations", so that the legend stays readable for an
 * accountant of many.
 */
export function organizationSeries(
  organizations: { id: string; name: string; data: number[] }[],
  othersLabel: (count: number) => string,
): ChartSeries[] {
  const sum = (data: number[]) => data.reduce((total, value) => total + value, 0);
  const sorted = [...organizations].sort((a, b) => sum(b.data) - sum(a.data));
  const named = sorted.slice(0, CHART_ORGANIZATIONS);
  const rest = sorted.slice(CHART_ORGANIZATIONS);
  const series: ChartSeries[] = named.map(({ id, name, data }) => ({ id, label: name, data }));
  if (rest.length > 0)
    series.push({
      id: OTHERS,
      label: othersLabel(rest.length),
      data: (named[0]?.data ?? []).map((_, index) =>
        rest.reduce((total, line) => total + (line.data[index] ?? 0), 0),
      ),
    });
  return series;
}

/** Lines grouped by organisation, in the order they first appear. */
export function byOrganization<T extends { organizationId: string; organizationName: string }>(
  lines: readonly T[],
): Map<string, { name: string; lines: T[] }> {
  const groups = new Map<string, { name: string; lines: T[] }>();
  for (const line of lines) {
    const group = groups.get(line.organizationId) ?? { name: line.organizationName, lines: [] };
    group.lines.push(line);
    groups.set(line.organizationId, group);
  }
  return groups;
}
