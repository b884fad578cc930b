/**
 * Every color space of DTCG 2025.10 (Color module, "Supported Color spaces") to sRGB, with the
 * component ranges the spec gives. The math is CSS Color 4's sample code (§18 "Sample code for
 * color conversions": transfer functions, the rational RGB->XYZ matrices, Bradford D50<->D65,
 * Lab and OKLab), written once here so reading, diffing and building agree on one conversion.
 * Pure; no I/O.
 *
 * A result outside the sRGB gamut is clipped per channel (gamut-mapping.md lets a translation tool
 * pick its algorithm; clipping keeps in-gamut colors exact and is what the design file does with a
 * P3 color it cannot hold); `toSrgb` says whether it had to, so the reader can warn.
 */

type Vec3 = [number, number, number];
type Mat3 = [Vec3, Vec3, Vec3];

/** One component's range: [min, max] with the upper bound excluded for hues (`[0 - 360)`). */
export interface ComponentRange {
  name: string;
  min: number;
  max: number;
  /** The upper bound is excluded (hue angles). */
  openMax?: boolean;
}

const rgb = (): ComponentRange[] => [
  { name: 'red', min: 0, max: 1 },
  { name: 'green', min: 0, max: 1 },
  { name: 'blue', min: 0, max: 1 },
];
const xyz = (): ComponentRange[] => [
  { name: 'X', min: 0, max: 1 },
  { name: 'Y', min: 0, max: 1 },
  { name: 'Z', min: 0, max: 1 },
];
const hue: ComponentRange = { name: 'hue', min: 0, max: 360, openMax: true };
const INF = Number.POSITIVE_INFINITY;

/** The table of the Color module, "Supported Color spaces" (component order as the spec lists it). */
export const COLOR_SPACES: Record<string, ComponentRange[]> = {
  srgb: rgb(),
  'srgb-linear': rgb(),
  hsl: [hue, { name: 'saturation', min: 0, max: 100 }, { name: 'lightness', min: 0, max: 100 }],
  hwb: [hue, { name: 'whiteness', min: 0, max: 100 }, { name: 'blackness', min: 0, max: 100 }],
  lab: [
    { name: 'lightness', min: 0, max: 100 },
    { name: 'a', min: -INF, max: INF },
    { name: 'b', min: -INF, max: INF },
  ],
  lch: [{ name: 'lightness', min: 0, max: 100 }, { name: 'chroma', min: 0, max: INF }, hue],
  oklab: [
    { name: 'lightness', min: 0, max: 1 },
    { name: 'a', min: -INF, max: INF },
    { name: 'b', min: -INF, max: INF },
  ],
  oklch: [{ name: 'lightness', min: 0, max: 1 }, { name: 'chroma', min: 0, max: INF }, hue],
  'display-p3': rgb(),
  'a98-rgb': rgb(),
  'prophoto-rgb': rgb(),
  rec2020: rgb(),
  'xyz-d65': xyz(),
  'xyz-d50': xyz(),
};

const mul = (m: Mat3, v: Vec3): Vec3 => [
  m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
  m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
  m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
];

// Transfer functions (CSS Color 4 §18), odd-extended so negative values stay meaningful.
const signed =
  (f: (x: number) => number) =>
  (v: number): number =>
    v < 0 ? -f(-v) : f(v);
const srgbToLinear = signed((x) => (x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
const linearToSrgb = signed((x) => (x > 0.0031308 ? 1.055 * x ** (1 / 2.4) - 0.055 : 12.92 * x));
const a98ToLinear = signed((x) => x ** (563 / 256));
const prophotoToLinear = signed((x) => (x <= 16 / 512 ? x / 16 : x ** 1.8));
const REC_A = 1.09929682680944;
const REC_B = 0.018053968510807;
const rec2020ToLinear = signed((x) => (x < REC_B * 4.5 ? x / 4.5 : ((x + REC_A - 1) / REC_A) ** (1 / 0.45)));

const XYZ_TO_LINEAR_SRGB: Mat3 = [
  [12831 / 3959, -329 / 214, -1974 / 3959],
  [-851781 / 878810, 1648619 / 878810, 36519 / 878810],
  [705 / 12673, -2585 / 12673, 705 / 667],
];
const LINEAR_SRGB_TO_XYZ: Mat3 = [
  [506752 / 1228815, 87881 / 245763, 12673 / 70218],
  [87098 / 409605, 175762 / 245763, 12673 / 175545],
  [7918 / 409605, 87881 / 737289, 1001167 / 1053270],
];
const P3_TO_XYZ: Mat3 = [
  [608311 / 1250200, 189793 / 714400, 198249 / 1000160],
  [35783 / 156275, 247089 / 357200, 198249 / 2500400],
  [0, 32229 / 714400, 5220557 / 5000800],
];
const A98_TO_XYZ: Mat3 = [
  [573536 / 994567, 263643 / 1420810, 187206 / 994567],
  [591459 / 1989134, 6239551 / 9945670, 374412 / 4972835],
  [53769 / 1989134, 351524 / 4972835, 4929758 / 4972835],
];
/** D50. */
const PROPHOTO_TO_XYZ: Mat3 = [
  [0.7977666449006423, 0.13518129740053308, 0.0313477341283922],
  [0.2880748288194013, 0.711835234241873, 0.00008993693872564],
  [0, 0, 0.8251046025104602],
];
const REC2020_TO_XYZ: Mat3 = [
  [63426534 / 99577255, 20160776 / 139408157, 47086771 / 278816314],
  [26158966 / 99577255, 472592308 / 697040785, 8267143 / 139408157],
  [0, 19567812 / 697040785, 295819943 / 278816314],
];
/** Bradford chromatic adaptation. */
const D50_TO_D65: Mat3 = [
  [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
  [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
  [0.012314014864481998, -0.020507649298898964, 1.330365926242124],
];
const D50_WHITE: Vec3 = [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585];
const OKLAB_TO_LMS: Mat3 = [
  [1, 0.3963377773761749, 0.2158037573099136],
  [1, -0.1055613458156586, -0.0638541728258133],
  [1, -0.0894841775298119, -1.2914855480194092],
];
const LMS_TO_XYZ: Mat3 = [
  [1.2268798758459243, -0.5578149944602171, 0.2813910456659647],
  [-0.0405757452148008, 1.112286803280317, -0.0717110580655164],
  [-0.0763729366746601, -0.4214933324022432, 1.5869240198367816],
];

const map3 = (v: Vec3, f: (x: number) => number): Vec3 => [f(v[0]), f(v[1]), f(v[2])];

function labToXyzD50([l, a, b]: Vec3): Vec3 {
  const k = 24389 / 27;
  const e = 216 / 24389;
  const f1 = (l + 16) / 116;
  const f0 = a / 500 + f1;
  const f2 = f1 - b / 200;
  return [
    (f0 ** 3 > e ? f0 ** 3 : (116 * f0 - 16) / k) * D50_WHITE[0],
    (l > k * e ? ((l + 16) / 116) ** 3 : l / k) * D50_WHITE[1],
    (f2 ** 3 > e ? f2 ** 3 : (116 * f2 - 16) / k) * D50_WHITE[2],
  ];
}

/** Polar (lightness, chroma, hue in degrees) to rectangular (lightness, a, b). */
function polar([l, c, h]: Vec3): Vec3 {
  const rad = (h * Math.PI) / 180;
  return [l, c * Math.cos(rad), c * Math.sin(rad)];
}

function hslToSrgb([h, s, l]: Vec3): Vec3 {
  const sat = s / 100;
  const light = l / 100;
  const f = (n: number): number => {
    const k = (n + h / 30) % 12;
    const amount = sat * Math.min(light, 1 - light);
    return light - amount * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

function hwbToSrgb([h, w, b]: Vec3): Vec3 {
  const white = w / 100;
  const black = b / 100;
  if (white + black >= 1) {
    const gray = white / (white + black);
    return [gray, gray, gray];
  }
  return map3(hslToSrgb([h, 100, 50]), (x) => x * (1 - white - black) + white);
}

/** Linear-light XYZ (D65) to gamma-encoded sRGB, unclipped. */
const fromXyzD65 = (v: Vec3): Vec3 => map3(mul(XYZ_TO_LINEAR_SRGB, v), linearToSrgb);

/** The color in sRGB (gamma-encoded, unclipped: may lie outside 0..1). `none` components are 0. */
export function convertToSrgb(space: string, components: readonly (number | 'none')[]): Vec3 | undefined {
  const c = components.map((x) => (x === 'none' ? 0 : x)) as Vec3;
  switch (space) {
    case 'srgb':
      return [c[0], c[1], c[2]];
    case 'srgb-linear':
      return map3(c, linearToSrgb);
    case 'hsl':
      return hslToSrgb(c);
    case 'hwb':
      return hwbToSrgb(c);
    case 'lab':
      return fromXyzD65(mul(D50_TO_D65, labToXyzD50(c)));
    case 'lch':
      return fromXyzD65(mul(D50_TO_D65, labToXyzD50(polar(c))));
    case 'oklab':
      return fromXyzD65(
        mul(
          LMS_TO_XYZ,
          map3(mul(OKLAB_TO_LMS, c), (x) => x ** 3),
        ),
      );
    case 'oklch':
      return fromXyzD65(
        mul(
          LMS_TO_XYZ,
          map3(mul(OKLAB_TO_LMS, polar(c)), (x) => x ** 3),
        ),
      );
    case 'display-p3':
      return fromXyzD65(mul(P3_TO_XYZ, map3(c, srgbToLinear)));
    case 'a98-rgb':
      return fromXyzD65(mul(A98_TO_XYZ, map3(c, a98ToLinear)));
    case 'prophoto-rgb':
      return fromXyzD65(mul(D50_TO_D65, mul(PROPHOTO_TO_XYZ, map3(c, prophotoToLinear))));
    case 'rec2020':
      return fromXyzD65(mul(REC2020_TO_XYZ, map3(c, rec2020ToLinear)));
    case 'xyz-d65':
      return fromXyzD65(c);
    case 'xyz-d50':
      return fromXyzD65(mul(D50_TO_D65, c));
    default:
      return undefined;
  }
}

/** How far outside 0..1 a channel may be and still count as in gamut (float noise of the matrices). */
const GAMUT_EPSILON = 1e-5;

/** sRGB in 0..1 and whether clipping changed it (beyond float noise); undefined for an unknown space. */
export function toSrgb(
  space: string,
  components: readonly (number | 'none')[],
): { r: number; g: number; b: number; clipped: boolean } | undefined {
  const v = convertToSrgb(space, components);
  if (!v) return undefined;
  let clipped = false;
  const clip = (x: number): number => {
    if (x < 0 || x > 1) {
      if (x < -GAMUT_EPSILON || x > 1 + GAMUT_EPSILON) clipped = true;
      return x < 0 ? 0 : 1;
    }
    return x;
  };
  return { r: clip(v[0]), g: clip(v[1]), b: clip(v[2]), clipped };
}

/** Linear-light sRGB to XYZ D65 (exported for tests that check a round trip through XYZ). */
export function srgbToXyzD65(v: Vec3): Vec3 {
  return mul(LINEAR_SRGB_TO_XYZ, map3(v, srgbToLinear));
}
