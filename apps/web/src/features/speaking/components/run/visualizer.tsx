import { useEffect, useRef } from 'react';

const BARS = 24;

/** Microphone level bars drawn from an analyser while recording; a flat line otherwise. */
export function Visualizer({ analyser, label }: { analyser: AnalyserNode | null; label: string }) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    const color = getComputedStyle(el).color;
    const data = analyser ? new Uint8Array(analyser.frequencyBinCount) : null;
    let frame = 0;
    const draw = () => {
      const { width, height } = el;
      ctx.clearRect(0, 0, width, height);
      ctx.fillStyle = color;
      const barWidth = width / BARS;
      if (analyser && data) analyser.getByteFrequencyData(data);
      for (let i = 0; i < BARS; i++) {
        const v = data ? (data[Math.floor((i / BARS) * data.length)] ?? 0) / 255 : 0;
        const h = Math.max(2, v * height);
        ctx.fillRect(i * barWidth + 1, (height - h) / 2, barWidth - 2, h);
      }
      if (analyser) frame = requestAnimationFrame(draw);
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [analyser]);
  return (
    <canvas
      ref={canvas}
      width={240}
      height={48}
      role="img"
      aria-label={label}
      className="h-12 w-full max-w-60 text-brand"
    />
  );
}
