import { describe, expect, it } from 'vitest';
import { clampZoom, scrollCentering, stageSize, viewOf, ZOOM } from './canvas-view';

describe('canvas view', () => {
  it('keeps the zoom within its limits, in exact tenths after repeated steps', () => {
    let zoom = 1;
    for (let i = 0; i < 3; i++) zoom = clampZoom(zoom + ZOOM.step);
    expect(zoom).toBe(1.3);
    expect(clampZoom(9)).toBe(ZOOM.max);
    expect(clampZoom(0.1)).toBe(ZOOM.min);
  });

  it('the view is the scrolled box over the zoom, and centring scrolls a canvas point to the middle', () => {
    const box = { scrollLeft: 200, scrollTop: 100, clientWidth: 600, clientHeight: 400 };
    expect(viewOf(box, 2)).toEqual({ x: 100, y: 50, width: 300, height: 200 });
    expect(scrollCentering({ x: 500, y: 300 }, box, 0.5)).toEqual({ left: 0, top: 0 });
    expect(scrollCentering({ x: 1000, y: 600 }, box, 1)).toEqual({ left: 700, top: 400 });
  });

  it('the stage is at least a screenful and grows with the members', () => {
    expect(stageSize([])).toEqual({ width: 800, height: 420 });
    expect(stageSize([{ x: 900, y: 500 }])).toEqual({ width: 900 + 160 + 40, height: 500 + 56 + 40 });
  });
});
