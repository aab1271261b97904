/**
 * The drawing of a chart laid out by elkjs (layout.ts): states as boxes nested in their parents (a parallel state's
 * regions dashed), the initial dot of each level, final states with a double border, every edge with its
 * `event [guard]` labels. States and edges are buttons: Enter, Space or a click selects them. Marks come from the page:
 * the selected item, the states and edges a path or a simulation went through (numbered), the current states.
 * Pan by dragging, zoom with the wheel or the buttons; "fit" shows the whole chart.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { edgeLabelLines, type Layout } from './layout';

export interface DrawingMarks {
  selected?: string | null;
  /** States lit as "current" (a simulation, a live entity). */
  current?: readonly string[];
  /** States and edges a path goes through; edges numbered by their step. */
  pathStates?: readonly string[];
  pathEdges?: ReadonlyMap<string, number[]>;
}

interface Props {
  layout: Layout;
  marks: DrawingMarks;
  onSelect: (id: string, kind: 'state' | 'edge') => void;
  label: string;
}

interface View { x: number; y: number; w: number; h: number }

/** Below this scale a chart drawn whole is too small to read (its labels are 11-13 px at scale 1). */
const READABLE = 0.6;
const OPENING_SCALE = 0.9;

const activate = (fn: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); fn(); }
};

const pathOf = (points: { x: number; y: number }[]) => points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');

export function ChartDrawing({ layout, marks, onSelect, label }: Props) {
  const { t } = useTranslation('studio');
  const svgRef = useRef<SVGSVGElement>(null);
  const fit = useMemo<View>(() => ({ x: 0, y: 0, w: Math.max(layout.width, 200), h: Math.max(layout.height, 120) }), [layout]);
  const [view, setView] = useState<View>(fit);
  // A chart that fits the frame at a readable size is shown whole; a bigger one opens at a readable size at its
  // start (the top, around the first initial dot), and "Fit" shows it whole.
  useEffect(() => {
    const box = svgRef.current?.getBoundingClientRect();
    if (!box?.width || !box.height) { setView(fit); return; }
    const whole = Math.min(box.width / fit.w, box.height / fit.h);
    if (whole >= READABLE) { setView(fit); return; }
    const w = box.width / OPENING_SCALE;
    const h = box.height / OPENING_SCALE;
    const start = layout.initials[0];
    const x = start ? Math.min(Math.max(start.x + start.width / 2 - w / 2, 0), Math.max(fit.w - w, 0)) : 0;
    setView({ x, y: 0, w, h });
  }, [fit, layout]);
  // What the page points at (the selection, else the first current state) is brought into view when it is outside.
  const focus = marks.selected ?? marks.current?.[0] ?? null;
  useEffect(() => {
    const box = focus ? layout.nodes.find((n) => n.node.id === focus) ?? layout.edges.find((e) => e.edge.id === focus)?.label : null;
    if (!box) return;
    setView((v) => {
      const visible = box.x >= v.x && box.y >= v.y && box.x + box.width <= v.x + v.w && box.y + box.height <= v.y + v.h;
      return visible ? v : { ...v, x: box.x + box.width / 2 - v.w / 2, y: box.y + box.height / 2 - v.h / 2 };
    });
  }, [focus, layout]);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);
  const panned = useRef(false);

  const zoom = useCallback((factor: number, at?: { x: number; y: number }) => {
    setView((v) => {
      const w = Math.min(Math.max(v.w * factor, 120), fit.w * 4);
      const h = v.h * (w / v.w);
      const cx = at?.x ?? v.x + v.w / 2;
      const cy = at?.y ?? v.y + v.h / 2;
      return { x: cx - ((cx - v.x) * w) / v.w, y: cy - ((cy - v.y) * h) / v.h, w, h };
    });
  }, [fit]);

  // The wheel zooms the drawing, not the page: a listener that may prevent the default (React's onWheel is passive).
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return undefined;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = svg.getBoundingClientRect();
      setView((v) => {
        const at = { x: v.x + ((event.clientX - box.left) / box.width) * v.w, y: v.y + ((event.clientY - box.top) / box.height) * v.h };
        const factor = event.deltaY > 0 ? 1.15 : 1 / 1.15;
        const w = Math.min(Math.max(v.w * factor, 120), fit.w * 4);
        const h = v.h * (w / v.w);
        return { x: at.x - ((at.x - v.x) * w) / v.w, y: at.y - ((at.y - v.y) * h) / v.h, w, h };
      });
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [fit]);

  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY, view, moved: false };
    panned.current = false;
  };
  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    const svg = svgRef.current;
    if (!d || !svg) return;
    const dx = event.clientX - d.x;
    const dy = event.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    if (!d.moved) svg.setPointerCapture(event.pointerId);
    d.moved = true;
    const box = svg.getBoundingClientRect();
    setView({ ...d.view, x: d.view.x - (dx / box.width) * d.view.w, y: d.view.y - (dy / box.height) * d.view.h });
  };
  const onPointerUp = () => {
    panned.current = !!drag.current?.moved;
    drag.current = null;
  };
  /** A drag that panned is not a click on what it started on. */
  const click = (fn: () => void) => () => { if (!panned.current) fn(); };

  const current = new Set(marks.current ?? []);
  const onPath = new Set(marks.pathStates ?? []);

  return (
    <div className="relative h-full min-h-[24rem] overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
      <div className="absolute top-2 right-2 z-10 flex gap-1" role="group" aria-label={t('zoom.group')}>
        <button type="button" className="rounded-md bg-white px-2 py-1 text-sm text-slate-800 shadow ring-1 ring-slate-300 hover:bg-slate-50" onClick={() => zoom(1 / 1.3)} aria-label={t('zoom.in')}>+</button>
        <button type="button" className="rounded-md bg-white px-2 py-1 text-sm text-slate-800 shadow ring-1 ring-slate-300 hover:bg-slate-50" onClick={() => zoom(1.3)} aria-label={t('zoom.out')}>−</button>
        <button type="button" className="rounded-md bg-white px-2 py-1 text-sm text-slate-800 shadow ring-1 ring-slate-300 hover:bg-slate-50" onClick={() => setView(fit)}>{t('zoom.fit')}</button>
      </div>
      <svg
        ref={svgRef}
        role="group"
        aria-label={label}
        className="h-full w-full cursor-grab touch-none select-none active:cursor-grabbing"
        viewBox={`${view.x} ${view.y} ${view.w} ${view.h}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        data-testid="chart-drawing"
      >
        <defs>
          <marker id="studio-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" fill="#475569" />
          </marker>
          <marker id="studio-arrow-lit" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" fill="#1d4ed8" />
          </marker>
        </defs>
        {layout.nodes.filter((n) => n.compound).map((n) => {
          const region = n.node.parent !== null && layout.nodes.find((p) => p.node.id === n.node.parent)?.node.type === 'parallel';
          const lit = current.has(n.node.id) || onPath.has(n.node.id);
          const selected = marks.selected === n.node.id;
          return (
            <g key={n.node.id} role="button" tabIndex={0} aria-label={t('drawing.state', { name: n.node.key })} aria-pressed={selected}
              data-state={n.node.id} data-current={current.has(n.node.id) || undefined}
              onClick={click(() => onSelect(n.node.id, 'state'))} onKeyDown={activate(() => onSelect(n.node.id, 'state'))} className="cursor-pointer focus:outline-none [&:focus-visible>rect]:stroke-amber-600">
              <rect x={n.x} y={n.y} width={n.width} height={n.height} rx={12}
                fill={lit ? '#eff6ff' : n.node.technical ? '#f8fafc' : '#fdfdfd'}
                stroke={selected ? '#b45309' : lit ? '#1d4ed8' : '#64748b'} strokeWidth={selected || lit ? 2.5 : 1.2}
                strokeDasharray={region || n.node.technical ? '6 4' : undefined} />
              <text x={n.x + 12} y={n.y + 19} fontSize={13} fontWeight={600} fill="#0f172a">{n.node.key}</text>
              {n.node.type === 'parallel' && <text x={n.x + n.width - 10} y={n.y + 19} fontSize={11} textAnchor="end" fill="#475569">{t('drawing.parallel')}</text>}
            </g>
          );
        })}
        {layout.initials.map((dot) => (
          <g key={`${dot.to}-initial`} aria-hidden="true">
            <circle cx={dot.x + dot.width / 2} cy={dot.y + dot.height / 2} r={5} fill="#0f172a" />
            {dot.points.length > 1 && <path d={pathOf(dot.points)} fill="none" stroke="#0f172a" strokeWidth={1.2} markerEnd="url(#studio-arrow)" />}
          </g>
        ))}
        {layout.edges.map((e) => {
          const steps = marks.pathEdges?.get(e.edge.id);
          const lit = !!steps?.length;
          const selected = marks.selected === e.edge.id;
          const folded = e.edge.labels.every((l) => l.endsWith(' …'));
          const lines = edgeLabelLines(e.edge);
          return (
            <g key={e.edge.id} role="button" tabIndex={0} aria-label={t('drawing.edge', { labels: e.edge.labels.join('; ') })} aria-pressed={selected}
              data-edge={e.edge.id} onClick={click(() => onSelect(e.edge.id, 'edge'))} onKeyDown={activate(() => onSelect(e.edge.id, 'edge'))}
              className="cursor-pointer focus:outline-none [&:focus-visible_.edge-label]:fill-amber-100">
              <path d={pathOf(e.points)} fill="none" stroke="transparent" strokeWidth={12} />
              <path d={pathOf(e.points)} fill="none" stroke={selected ? '#b45309' : lit ? '#1d4ed8' : '#64748b'} strokeWidth={selected || lit ? 2.5 : 1.2}
                strokeDasharray={folded ? '5 4' : undefined} markerEnd={lit ? 'url(#studio-arrow-lit)' : 'url(#studio-arrow)'} />
              {e.label && (
                <g>
                  <rect className="edge-label" x={e.label.x - 2} y={e.label.y} width={e.label.width + 4} height={e.label.height} rx={4} fill={lit ? '#dbeafe' : '#ffffff'} opacity={0.92} />
                  {lines.map((line, i) => (
                    <text key={line} x={e.label!.x + 2} y={e.label!.y + 13 + i * 15} fontSize={11} fill={lit ? '#1e3a8a' : '#334155'}>{line}</text>
                  ))}
                  {lit && (
                    <g>
                      <circle cx={e.label.x - 10} cy={e.label.y + 8} r={9} fill="#1d4ed8" />
                      <text x={e.label.x - 10} y={e.label.y + 12} fontSize={10} fontWeight={700} textAnchor="middle" fill="#ffffff">{steps!.join(',')}</text>
                    </g>
                  )}
                </g>
              )}
            </g>
          );
        })}
        {layout.nodes.filter((n) => !n.compound).map((n) => {
          const lit = current.has(n.node.id) || onPath.has(n.node.id);
          const isCurrent = current.has(n.node.id);
          const selected = marks.selected === n.node.id;
          return (
            <g key={n.node.id} role="button" tabIndex={0} aria-label={t('drawing.state', { name: n.node.key })} aria-pressed={selected}
              data-state={n.node.id} data-current={isCurrent || undefined}
              onClick={click(() => onSelect(n.node.id, 'state'))} onKeyDown={activate(() => onSelect(n.node.id, 'state'))} className="cursor-pointer focus:outline-none [&:focus-visible>rect]:stroke-amber-600">
              <rect x={n.x} y={n.y} width={n.width} height={n.height} rx={9}
                fill={isCurrent ? '#1d4ed8' : lit ? '#dbeafe' : n.node.technical ? '#f1f5f9' : '#ffffff'}
                stroke={selected ? '#b45309' : lit ? '#1d4ed8' : '#475569'} strokeWidth={selected || lit ? 2.5 : 1.3}
                strokeDasharray={n.node.technical ? '5 3' : undefined} />
              {n.node.type === 'final' && <rect x={n.x + 3} y={n.y + 3} width={n.width - 6} height={n.height - 6} rx={7} fill="none" stroke={isCurrent ? '#ffffff' : '#475569'} strokeWidth={1} />}
              <text x={n.x + n.width / 2} y={n.y + n.height / 2 + 4} fontSize={12} textAnchor="middle" fill={isCurrent ? '#ffffff' : '#0f172a'} fontStyle={n.node.technical ? 'italic' : undefined}>{n.node.key}</text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
