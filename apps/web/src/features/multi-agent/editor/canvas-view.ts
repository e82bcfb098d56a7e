/** A member card's size on the canvas, in canvas units (pixels at 100%). */
export const NODE_WIDTH = 160;
export const NODE_HEIGHT = 56;

export const ZOOM = { min: 0.5, max: 1.5, step: 0.1 } as const;

/** A zoom within the limits, rounded to a tenth so repeated steps stay exact. */
export const clampZoom = (zoom: number) => Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round(zoom * 10) / 10));

export interface Point {
  x: number;
  y: number;
}

/** The part of the canvas in view, in canvas units. */
export interface ViewRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The canvas area: the members' places with a margin, at least a screenful. */
export function stageSize(places: Point[]): { width: number; height: number } {
  return {
    width: Math.max(800, ...places.map((place) => place.x + NODE_WIDTH + 40)),
    height: Math.max(420, ...places.map((place) => place.y + NODE_HEIGHT + 40)),
  };
}

/** What a scrolled box at `zoom` shows, in canvas units. */
export const viewOf = (box: { scrollLeft: number; scrollTop: number; clientWidth: number; clientHeight: number }, zoom: number): ViewRect => ({
  x: box.scrollLeft / zoom,
  y: box.scrollTop / zoom,
  width: box.clientWidth / zoom,
  height: box.clientHeight / zoom,
});

/** The scroll position that puts canvas point `center` in the middle of a box at `zoom`. */
export const scrollCentering = (center: Point, box: { clientWidth: number; clientHeight: number }, zoom: number) => ({
  left: Math.max(0, center.x * zoom - box.clientWidth / 2),
  top: Math.max(0, center.y * zoom - box.clientHeight / 2),
});
