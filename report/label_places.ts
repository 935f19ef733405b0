/**
 * Label placement for the report's scatter plots: labels beside their points, apart from each
 * other where room allows.
 *
 * @module
 */

/** Where a point's label goes: its position in data units and on which side it is aligned. */
export interface LabelPlace {
  /** The label's anchor, in the x axis' units. */
  x: number;
  /** The label's anchor (its middle), in the y axis' units. */
  y: number;
  /** The anchor is the label's left end ("left") or right end ("right"). */
  align: "left" | "right";
}

/**
 * Place a label beside each point of a scatter plot so that no two labels overlap each other
 * or another point, where room allows: each label tries the right of its point, then above or
 * below it, then its left side (greedily, points from the top down). Sizes in pixels: the plot
 * is `width` x `height`, a label is about 6 px a character and 11 px high.
 *
 * @example Two points too close for two labels on one line
 * ```ts
 * import { placeLabels } from "./label_places.ts";
 * import assert from "node:assert/strict";
 *
 * const places = placeLabels(
 *   [{ x: 0.5, y: 0.5, label: "PKU" }, { x: 0.5, y: 0.49, label: "UMC" }],
 *   [0, 1], [0, 1], 300, 300,
 * );
 * assert.notEqual(places[0].y, places[1].y);
 * ```
 *
 * @param points The points and their labels.
 * @param xDomain The x axis' domain.
 * @param yDomain The y axis' domain.
 * @param width The plot's width in pixels.
 * @param height The plot's height in pixels.
 * @returns Each label's place, in the order of the points.
 */
export function placeLabels(
  points: readonly { x: number; y: number; label: string }[],
  xDomain: readonly [number, number],
  yDomain: readonly [number, number],
  width: number,
  height: number,
): LabelPlace[] {
  const sx = width / (xDomain[1] - xDomain[0] || 1);
  const sy = height / (yDomain[1] - yDomain[0] || 1);
  const px = (x: number) => (x - xDomain[0]) * sx;
  const py = (y: number) => height - (y - yDomain[0]) * sy;
  type Box = [number, number, number, number];
  const overlaps = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
  const taken: Box[] = points.map((p) => [px(p.x) - 4, py(p.y) - 4, px(p.x) + 4, py(p.y) + 4]);
  const CANDIDATES: [number, number, "left" | "right"][] = [
    [6, 0, "left"],
    [6, -11, "left"],
    [6, 11, "left"],
    [-6, 0, "right"],
    [-6, -11, "right"],
    [-6, 11, "right"],
    [6, -22, "left"],
    [6, 22, "left"],
    [-6, -22, "right"],
    [-6, 22, "right"],
  ];
  const places: LabelPlace[] = new Array(points.length);
  const order = points.map((_, i) => i).sort((a, b) => points[b].y - points[a].y);
  for (const i of order) {
    const p = points[i];
    const w = 6 * p.label.length + 2;
    let chosen = CANDIDATES[0], chosenBox: Box | undefined;
    for (const candidate of CANDIDATES) {
      const [dx, dy, align] = candidate;
      const left = align === "left" ? px(p.x) + dx : px(p.x) + dx - w;
      const top = py(p.y) + dy - 5.5;
      const box: Box = [left, top, left + w, top + 11];
      const inside = box[0] >= 0 && box[2] <= width + 40 && box[1] >= -6 && box[3] <= height + 6;
      if (inside && !taken.some((t) => overlaps(t, box))) {
        chosen = candidate;
        chosenBox = box;
        break;
      }
    }
    if (!chosenBox) {
      const left = px(p.x) + 6;
      chosenBox = [left, py(p.y) - 5.5, left + w, py(p.y) + 5.5];
    }
    taken.push(chosenBox);
    places[i] = { x: p.x + chosen[0] / sx, y: p.y - chosen[1] / sy, align: chosen[2] };
  }
  return places;
}
