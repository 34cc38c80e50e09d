/** Colours and styles the admin charts share, matched to the dark slate theme. */
export const chartTheme = {
  grid: '#1e293b',
  axis: '#94a3b8',
  primary: '#818cf8',
  secondary: '#e879f9',
  tick: { fill: '#94a3b8', fontSize: 12 },
  tooltip: {
    contentStyle: {
      background: '#0f172a',
      border: '1px solid #334155',
      borderRadius: '0.5rem',
      color: '#f1f5f9',
    },
    labelStyle: { color: '#f1f5f9', fontWeight: 600 },
    itemStyle: { color: '#cbd5e1' },
  },
  /** One colour per day of the week in the pie. */
  slices: ['#818cf8', '#e879f9', '#38bdf8', '#34d399', '#fbbf24', '#f87171', '#a78bfa'],
} as const;
