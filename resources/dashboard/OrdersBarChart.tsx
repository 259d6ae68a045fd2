import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { Box } from '@mui/material';
import { keyframes, type Theme } from '@mui/material/styles';
import { barClasses } from '@mui/x-charts/BarChart';
import { axisClasses } from '@mui/x-charts/ChartsAxis';
import { chartsAxisHighlightClasses } from '@mui/x-charts/ChartsAxisHighlight';
import { chartsTooltipClasses } from '@mui/x-charts/ChartsTooltip';
import { formatRupees } from '@/format';

export interface OrderBucket {
  label: string;
  start: string;
  end: string;
  orders: number;
  amount: number;
}

/*
 * The bars of the orders chart, in a module of its own so that it loads only with the dashboard.
 * Drawn here rather than with MUI X Charts' `BarChart`, whose plugin store, gesture handling and
 * d3 weighed ~93 kB gzip (~71 kB even composed from its smallest pieces) for twelve bars. The
 * drawing follows `BarChart` with the props this chart used to pass it (band x-axis with a 0.2 gap
 * ratio, "nice" linear y-axis with d3's ticks, bars rounded to whole pixels, axis highlight,
 * axis-triggered tooltip, keyboard focus) and keeps the library's class names (imported from it,
 * which also keeps this chunk named `charts-*`), so theme overrides and tests still find them.
 */

const HEIGHT = 300;
const MARGIN = { left: 0, right: 8, top: 16, bottom: 0 };
const Y_AXIS_WIDTH = 48;
const X_AXIS_HEIGHT = 25;
const TICK_SIZE = 6;
/** Space between a tick and its label (MUI X Charts' TICK_LABEL_GAP, and 2 px on the y-axis). */
const X_LABEL_GAP = 3;
const Y_LABEL_GAP = 2;
/** Horizontal space kept between two x-axis labels; closer ones are skipped. */
const LABEL_MIN_GAP = 4;
const FONT_SIZE = 12;
const COLOR = '#1565c0';
/** Share of each band left empty around its bar (MUI X Charts' categoryGapRatio). */
const GAP_RATIO = 0.2;
const EASING = 'cubic-bezier(0.66, 0, 0.34, 1)';
const ANIMATION_MS = 300;

// d3-array's ticks, tickIncrement and d3-scale's linear `nice`, which MUI X Charts uses.
const E10 = Math.sqrt(50);
const E5 = Math.sqrt(10);
const E2 = Math.sqrt(2);

function tickSpec(start: number, stop: number, count: number): [number, number, number] {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log10(step));
  const error = step / Math.pow(10, power);
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1;
  let i1: number;
  let i2: number;
  let inc: number;
  if (power < 0) {
    inc = Math.pow(10, -power) / factor;
    i1 = Math.round(start * inc);
    i2 = Math.round(stop * inc);
    if (i1 / inc < start) ++i1;
    if (i2 / inc > stop) --i2;
    inc = -inc;
  } else {
    inc = Math.pow(10, power) * factor;
    i1 = Math.round(start / inc);
    i2 = Math.round(stop / inc);
    if (i1 * inc < start) ++i1;
    if (i2 * inc > stop) --i2;
  }
  if (i2 < i1 && 0.5 <= count && count < 2) return tickSpec(start, stop, count * 2);
  return [i1, i2, inc];
}

function ticks(start: number, stop: number, count: number): number[] {
  if (!(count > 0)) return [];
  if (start === stop) return [start];
  const [i1, i2, inc] = tickSpec(start, stop, count);
  if (!(i2 >= i1)) return [];
  return Array.from({ length: i2 - i1 + 1 }, (_, i) =>
    inc < 0 ? (i1 + i) / -inc : (i1 + i) * inc,
  );
}

function nice(start: number, stop: number, count: number): [number, number] {
  let prestep: number | undefined;
  for (let i = 0; i < 10; i += 1) {
    const step = tickSpec(start, stop, count)[2];
    if (step === prestep) break;
    if (step > 0) {
      start = Math.floor(start / step) * step;
      stop = Math.ceil(stop / step) * step;
    } else if (step < 0) {
      start = Math.ceil(start * step) / step;
      stop = Math.floor(stop * step) / step;
    } else break;
    prestep = step;
  }
  return [start, stop];
}

/** d3's default tick format for whole steps: digits grouped by thousands. */
const tickFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

let canvas: HTMLCanvasElement | undefined;
/** The width of an x-axis label as drawn (12 px, letter-spacing 0.03333em), for skipping overlaps. */
function labelWidth(text: string, fontFamily: string): number {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return 0;
  context.font = `400 ${FONT_SIZE}px ${fontFamily}`;
  return context.measureText(text).width + text.length * FONT_SIZE * 0.03333;
}

interface Layout {
  left: number;
  right: number;
  top: number;
  bottom: number;
  step: number;
  bars: { x: number; y: number; width: number; height: number }[];
  yTicks: { y: number; label: string }[];
}

/** Where everything goes in a chart `width` pixels wide, as MUI X Charts' BarChart places it. */
function computeLayout(values: number[], width: number): Layout {
  const left = MARGIN.left + Y_AXIS_WIDTH;
  const right = width - MARGIN.right;
  const top = MARGIN.top;
  const bottom = HEIGHT - MARGIN.bottom - X_AXIS_HEIGHT;
  // The y-axis starts at 0 (bars grow from it); tickMinStep 1, and one tick per 50 px at most.
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const tickNumber = Math.min(Math.floor(max - min), Math.max(2, Math.floor((bottom - top) / 50)));
  const [d0, d1] = nice(min, max, tickNumber);
  const y = (v: number) =>
    d1 === d0 ? (bottom + top) / 2 : bottom + ((v - d0) / (d1 - d0)) * (top - bottom);
  const step = values.length ? (right - left) / values.length : 0;
  const zero = Math.round(y(0));
  const bars = values.map((value, i) => {
    const end = Math.round(y(value));
    const [low, high] = [Math.min(zero, end), Math.max(zero, end)];
    const size = value !== 0 ? high - low : 0;
    return {
      x: left + step * (i + GAP_RATIO / 2),
      y: value > 0 ? high - size : low,
      width: step * (1 - GAP_RATIO),
      height: size,
    };
  });
  const yTicks = ticks(d0, d1, tickNumber).map((v) => ({ y: y(v), label: tickFormat.format(v) }));
  return { left, right, top, bottom, step, bars, yTicks };
}

/** The x-axis labels to draw: from the left, each one that keeps its distance from the last drawn. */
function visibleLabels(labels: string[], layout: Layout, fontFamily: string): boolean[] {
  let previousEnd = 0;
  return labels.map((label, i) => {
    const center = layout.left + layout.step * (i + 0.5);
    if (label === '') return false;
    if (i > 0 && center < previousEnd + LABEL_MIN_GAP) return false;
    const half = labelWidth(label, fontFamily) / 2;
    if (i > 0 && center - half < previousEnd + LABEL_MIN_GAP) return false;
    previousEnd = center + half;
    return true;
  });
}

/** What the tooltip follows: the pointer (mouse or touch) or, from the keyboard, the focused bar. */
type Anchor =
  { kind: 'mouse' | 'touch'; x: number; y: number; index: number } | { kind: 'bar'; index: number };

/**
 * Places the tooltip as MUI X Charts' Popper does: right of a mouse pointer (left of it, and
 * above its bottom, when it would leave the window), 64 px above a finger, 8 px above a bar
 * focused from the keyboard (below it when there is no room); always inside the window.
 */
function placeTooltip(
  tooltip: HTMLElement,
  anchor: Anchor,
  container: HTMLElement,
  layout: Layout,
) {
  const { width, height } = tooltip.getBoundingClientRect();
  const viewWidth = document.documentElement.clientWidth;
  const viewHeight = document.documentElement.clientHeight;
  // Popper rounds the edge next to the anchor: the right one when the tooltip is on the left,
  // the bottom one when it is above.
  let left: number;
  let top: number;
  let fromRight = false;
  let fromBottom = false;
  if (anchor.kind === 'mouse') {
    left = anchor.x + 8;
    if (left + width > viewWidth && anchor.x - 8 - width >= 0) {
      left = anchor.x - 8 - width;
      fromRight = true;
    }
    top = anchor.y;
    if (top + height > viewHeight && anchor.y - height >= 0) {
      top = anchor.y - height;
      fromBottom = true;
    }
  } else {
    const box = container.getBoundingClientRect();
    const [x, y, distance] =
      anchor.kind === 'touch'
        ? [anchor.x, anchor.y, 64]
        : [box.left + layout.left + layout.step * (anchor.index + 0.5), box.top + layout.top, 8];
    left = x - width / 2;
    top = y - distance - height;
    fromBottom = top >= 0;
    if (!fromBottom) top = y + distance;
  }
  left = Math.max(0, Math.min(left, viewWidth - width));
  top = Math.max(0, Math.min(top, viewHeight - height));
  left = fromRight ? Math.round(left + width) - width : Math.round(left);
  top = fromBottom ? Math.round(top + height) - height : Math.round(top);
  tooltip.style.transform = `translate(${left}px, ${top}px)`;
}

/** The ring around the bar focused from the keyboard (MUI X Charts' FocusedBar has no class). */
const FOCUS_CLASS = 'OrdersBarChart-focusedBar';

const grow = keyframes`from { transform: scaleY(0); }`;

const surfaceSx = (theme: Theme) => {
  const text = theme.palette.text.primary;
  const label = { ...theme.typography.caption, fontSize: FONT_SIZE, fill: text };
  const body = theme.typography.body1;
  return {
    position: 'relative',
    width: '100%',
    height: HEIGHT,
    touchAction: 'pan-y',
    userSelect: 'none',
    '& > svg': { position: 'absolute', inset: 0, width: '100%', height: '100%' },
    [`& .${axisClasses.line}`]: { stroke: text, shapeRendering: 'crispEdges', strokeWidth: 1 },
    [`& .${axisClasses.tick}`]: { stroke: text, shapeRendering: 'crispEdges' },
    [`& .${axisClasses.tickLabel}`]: label,
    [`& .${chartsAxisHighlightClasses.root}`]: {
      pointerEvents: 'none',
      fill: 'gray',
      fillOpacity: 0.1,
    },
    [`& .${barClasses.element}`]: {
      transformBox: 'fill-box',
      transformOrigin: 'bottom',
      animation: `${grow} ${ANIMATION_MS}ms ${EASING}`,
      transition: ['x', 'y', 'width', 'height']
        .map((property) => `${property} ${ANIMATION_MS}ms ${EASING}`)
        .join(', '),
      '@media (prefers-reduced-motion: reduce)': { animation: 'none', transition: 'none' },
    },
    [`& .${chartsTooltipClasses.root}`]: {
      position: 'fixed',
      inset: '0 auto auto 0',
      zIndex: theme.zIndex.modal,
      pointerEvents: 'none',
    },
    [`& .${chartsTooltipClasses.paper}`]: {
      backgroundColor: theme.palette.background.paper,
      color: text,
      borderRadius: `${theme.shape.borderRadius}px`,
      border: `1px solid ${theme.palette.divider}`,
    },
    [`& .${chartsTooltipClasses.table}`]: {
      borderSpacing: 0,
      '& caption': {
        ...body,
        borderBottom: `1px solid ${theme.palette.divider}`,
        padding: '4px 12px',
        textAlign: 'start',
        whiteSpace: 'nowrap',
      },
    },
    [`& .${chartsTooltipClasses.row}:first-of-type td`]: { paddingTop: '4px' },
    [`& .${chartsTooltipClasses.row}:last-of-type td`]: { paddingBottom: '4px' },
    [`& .${chartsTooltipClasses.cell}`]: {
      ...body,
      verticalAlign: 'middle',
      color: theme.palette.text.secondary,
      textAlign: 'start',
      padding: '0 8px',
      '&:first-of-type': { paddingLeft: '12px' },
      '&:last-of-type': { paddingRight: '12px' },
    },
    [`& .${chartsTooltipClasses.labelCell}`]: { whiteSpace: 'nowrap', fontWeight: 400 },
    [`& .${chartsTooltipClasses.valueCell}`]: {
      color: text,
      fontWeight: 500,
      padding: '0 12px',
    },
    [`& .${chartsTooltipClasses.markContainer}`]: {
      display: 'inline-block',
      width: '32px',
      verticalAlign: 'middle',
    },
    [`& .${chartsTooltipClasses.mark}`]: {
      display: 'flex',
      width: '13px',
      height: '13px',
      borderRadius: '2px',
      overflow: 'hidden',
      '& svg': { display: 'block', width: '100%', height: '100%' },
    },
    [`& .${FOCUS_CLASS}`]: { stroke: text },
  } as const;
};

/** Keeps the focus target over the chart without drawing it (as MUI X Charts' proxy). */
const focusLayerStyle = {
  position: 'absolute',
  inset: 0,
  outline: 'none',
  pointerEvents: 'none',
} as const;
/** Out of sight, still read: the live region that announces the bar focused from the keyboard. */
const liveRegionStyle = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
} as const;

/**
 * Orders per bucket; the amount shows in the tooltip beside the count. The figure around the
 * chart is labelled and a table holds the same figures, so the drawing itself is hidden from
 * assistive technology; a keyboard user tabs to it and moves from bar to bar with the arrow keys
 * (Home and End for the first and last), each bar announced and shown with its tooltip.
 */
export default function OrdersBarChart({
  buckets,
  seriesLabel,
  tooltip,
}: {
  buckets: OrderBucket[];
  seriesLabel: string;
  tooltip: (bucket: OrderBucket, amount: string) => string;
}) {
  const clipId = `${useId()}-clip-path`;
  const containerRef = useRef<HTMLDivElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [fontFamily, setFontFamily] = useState('Roboto, Helvetica, Arial, sans-serif');
  const [pointer, setPointer] = useState<(Anchor & { kind: 'mouse' | 'touch' }) | null>(null);
  const [focused, setFocused] = useState<{ index: number | null; visible: boolean }>({
    index: null,
    visible: false,
  });
  const [announcement, setAnnouncement] = useState('');

  // The width of the card, as BarChart reads it (whole pixels); the height is fixed.
  useEffect(() => {
    const container = containerRef.current;
    if (!container || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      const style = getComputedStyle(container);
      setWidth(Math.floor(parseFloat(style.width)) || 0);
      setFontFamily(style.fontFamily || 'sans-serif');
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  const values = useMemo(() => buckets.map((b) => b.orders), [buckets]);
  const layout = useMemo(() => computeLayout(values, width), [values, width]);
  const showLabel = useMemo(
    () =>
      width > 0
        ? visibleLabels(
            buckets.map((b) => b.label),
            layout,
            fontFamily,
          )
        : [],
    [buckets, layout, fontFamily, width],
  );

  // The keyboard's bar while the chart has the focus and no pointer is over it, else the pointer's.
  const anchor: Anchor | null =
    pointer ??
    (focused.visible && focused.index !== null ? { kind: 'bar', index: focused.index } : null);
  const active = anchor?.index ?? null;
  const bucket = active === null ? undefined : buckets[active];

  useLayoutEffect(() => {
    if (tooltipRef.current && containerRef.current && anchor) {
      placeTooltip(tooltipRef.current, anchor, containerRef.current, layout);
    }
  });

  const describe = (index: number) => {
    const b = buckets[index];
    return b ? `${b.label}; ${seriesLabel}; ${tooltip(b, formatRupees(b.amount))}` : '';
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const last = buckets.length - 1;
    const current = focused.index;
    const next =
      event.key === 'ArrowRight'
        ? current === null
          ? 0
          : Math.min(current + 1, last)
        : event.key === 'ArrowLeft'
          ? current === null
            ? 0
            : Math.max(current - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined || last < 0) return;
    event.preventDefault();
    setPointer(null);
    setFocused({ index: next, visible: true });
    setAnnouncement(describe(next));
  };

  const onPointer = (event: PointerEvent) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    const index = Math.floor((x - layout.left) / layout.step);
    const inside =
      x >= layout.left - 1 && x <= layout.right && y >= layout.top - 1 && y <= layout.bottom;
    setPointer(
      inside && index >= 0 && index < buckets.length
        ? {
            kind: event.pointerType === 'mouse' ? 'mouse' : 'touch',
            x: event.clientX,
            y: event.clientY,
            index,
          }
        : null,
    );
  };

  const { left, right, top, bottom, step, bars, yTicks } = layout;
  const focusedBar = anchor?.kind === 'bar' ? bars[anchor.index] : undefined;
  return (
    <Box
      ref={containerRef}
      className="MuiChartsSurface-root"
      sx={surfaceSx}
      onPointerMove={onPointer}
      onPointerDown={onPointer}
      onPointerLeave={() => setPointer(null)}
      onPointerCancel={() => setPointer(null)}
    >
      <div
        tabIndex={0}
        role="img"
        aria-label={seriesLabel}
        style={focusLayerStyle}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused((f) => ({ ...f, visible: f.index !== null }))}
        onBlur={() => setFocused((f) => ({ ...f, visible: false }))}
      />
      <div role="status" aria-live="polite" aria-atomic="true" style={liveRegionStyle}>
        {announcement}
      </div>
      {width > 0 && (
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} aria-hidden="true">
          <g clipPath={`url(#${clipId})`}>
            <g className={barClasses.root}>
              <g className={barClasses.series}>
                {bars.map((bar, i) => (
                  <rect
                    key={i}
                    className={barClasses.element}
                    x={bar.x}
                    y={bar.y}
                    width={bar.width}
                    height={bar.height}
                    fill={COLOR}
                    style={{ x: bar.x, y: bar.y, width: bar.width, height: bar.height }}
                  />
                ))}
              </g>
            </g>
            {active !== null && (
              <path
                className={chartsAxisHighlightClasses.root}
                d={`M ${left + step * active} ${top} l ${step} 0 l 0 ${bottom - top} l ${-step} 0 Z`}
              />
            )}
            {focusedBar && (
              <rect
                className={FOCUS_CLASS}
                fill="none"
                strokeWidth={2}
                x={focusedBar.x - 3}
                y={focusedBar.y - 3}
                width={focusedBar.width + 6}
                height={focusedBar.height + 6}
                rx={3}
                ry={3}
              />
            )}
          </g>
          <g
            transform={`translate(0, ${bottom})`}
            className={`${axisClasses.root} ${axisClasses.directionX} ${axisClasses.bottom}`}
          >
            <line x1={left} x2={right} className={axisClasses.line} />
            {[...buckets, null].map((b, i) => (
              <g
                key={i}
                transform={`translate(${left + step * i}, 0)`}
                className={axisClasses.tickContainer}
              >
                <line y2={TICK_SIZE} className={axisClasses.tick} />
                {b && showLabel[i] && (
                  <text
                    className={axisClasses.tickLabel}
                    x={step / 2}
                    y={TICK_SIZE + X_LABEL_GAP}
                    textAnchor="middle"
                    dominantBaseline="hanging"
                  >
                    {b.label}
                  </text>
                )}
              </g>
            ))}
          </g>
          <g
            transform={`translate(${left}, 0)`}
            className={`${axisClasses.root} ${axisClasses.directionY} ${axisClasses.left}`}
          >
            <line y1={top} y2={bottom} className={axisClasses.line} strokeLinecap="square" />
            {yTicks.map((tick) => (
              <g
                key={tick.label}
                transform={`translate(0, ${tick.y})`}
                className={axisClasses.tickContainer}
              >
                <line x2={-TICK_SIZE} className={axisClasses.tick} />
                <text
                  className={axisClasses.tickLabel}
                  x={-(TICK_SIZE + Y_LABEL_GAP)}
                  textAnchor="end"
                  dominantBaseline="central"
                >
                  {tick.label}
                </text>
              </g>
            ))}
          </g>
          <clipPath id={clipId}>
            <rect x={left} y={top} width={right - left} height={bottom - top} />
          </clipPath>
        </svg>
      )}
      {bucket && (
        <div ref={tooltipRef} role="tooltip" className={chartsTooltipClasses.root}>
          <div className={chartsTooltipClasses.paper}>
            <table className={chartsTooltipClasses.table}>
              <caption>{bucket.label}</caption>
              <tbody>
                <tr className={chartsTooltipClasses.row}>
                  <th className={`${chartsTooltipClasses.cell} ${chartsTooltipClasses.labelCell}`}>
                    <div className={chartsTooltipClasses.markContainer}>
                      <div className={chartsTooltipClasses.mark} aria-hidden="true">
                        <svg viewBox="0 0 13 13">
                          <rect width="13" height="13" fill={COLOR} />
                        </svg>
                      </div>
                    </div>
                    {seriesLabel}
                  </th>
                  <td className={`${chartsTooltipClasses.cell} ${chartsTooltipClasses.valueCell}`}>
                    {tooltip(bucket, formatRupees(bucket.amount))}
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
        </div>
      )}
    </Box>
  );
}
