/**
 * How the cosmos view frames its shells at first (before the person moves it). The scene and the
 * browser test that clicks a figure both read it, so the test aims where the page looks.
 */

/** Vertical field of view, in degrees. */
export const FOV = 45;
/** The direction the camera looks from, towards the centre: a little above the equator. */
export const VIEW_FROM = { x: 0, y: 7, z: 19 } as const;
/** The outer shell (radius 7) plus the depth objects may float above it. */
export const FRAME_RADIUS = 7.6;

/** How far from the centre the camera must be for a sphere of FRAME_RADIUS to fit both ways. */
export function frameDistance(aspect: number): number {
  const vertical = (FOV * Math.PI) / 360;
  const horizontal = Math.atan(Math.tan(vertical) * aspect);
  return (FRAME_RADIUS / Math.sin(Math.min(vertical, horizontal))) * 1.02;
}

/** A billboard's panel stands above its anchor: its middle is this far up, in scene units. */
export const BILLBOARD_HEIGHT = 1.1;
export const BILLBOARD_CENTER_Y = -0.25;
export const BILLBOARD_MIDDLE_UP = BILLBOARD_HEIGHT * (0.5 - BILLBOARD_CENTER_Y);
