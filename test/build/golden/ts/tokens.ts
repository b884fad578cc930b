// Do not edit directly, this file was auto-generated.

/** Every token name. A name that is not here does not compile. */
export type TokenName =
  | "borderFocus"
  | "borderSubtle"
  | "colorAccent"
  | "colorBg"
  | "colorBlack50"
  | "colorBlue500"
  | "colorFg"
  | "colorGray50"
  | "colorGray900"
  | "colorLink"
  | "colorP3Mint"
  | "colorP3Red"
  | "colorScrim"
  | "colorVivid"
  | "colorVividLink"
  | "durationNone"
  | "easeStandard"
  | "emphasis"
  | "featureRounded"
  | "fontFamilySans"
  | "fontFamilySerif"
  | "fontSizeBody"
  | "fontWeightBold"
  | "fontWeightRegular"
  | "gradientBrand"
  | "labelGreeting"
  | "layerOverlay"
  | "motionFast"
  | "opacityDisabled"
  | "radiusMd"
  | "ratioThird"
  | "shadowCard"
  | "shadowRaised"
  | "shadowWell"
  | "space4"
  | "spaceGutter"
  | "strokeDashed"
  | "textBody"
  | "trackingWide"
  | "transitionFade"
  | "typeBody"
  | "typeHeading"
  | "typeLead";

/** cubicBezier: P1x, P1y, P2x, P2y. */
export type CubicBezierToken = readonly [number, number, number, number];

/** strokeStyle: a CSS border-style keyword, or dashes. */
export type StrokeStyleToken = string | { readonly dashArray: readonly string[]; readonly lineCap: 'round' | 'butt' | 'square' };

/** border: CSS `border` parts. */
export interface BorderToken {
  readonly color: string;
  readonly width: string;
  readonly style: StrokeStyleToken;
}

/** transition: CSS `transition` parts. */
export interface TransitionToken {
  readonly duration: string;
  readonly delay: string;
  readonly timingFunction: CubicBezierToken;
}

/** One layer of a shadow: CSS `box-shadow` parts. */
export interface ShadowLayer {
  readonly color: string;
  readonly offsetX: string;
  readonly offsetY: string;
  readonly blur: string;
  readonly spread: string;
  readonly inset: boolean;
}
/** shadow: layers top first, as CSS lists them. */
export type ShadowToken = readonly ShadowLayer[];

/** gradient: color stops, position 0..1. */
export type GradientToken = readonly { readonly color: string; readonly position: number }[];

/** typography: CSS values; lineHeight is a multiple of fontSize. */
export interface TypographyToken {
  readonly fontFamily: string;
  readonly fontSize: string;
  readonly fontWeight: number;
  readonly letterSpacing: string;
  readonly lineHeight: number;
}

/** Any token value. */
export type TokenValue = string | number | boolean | CubicBezierToken | StrokeStyleToken | BorderToken | TransitionToken | ShadowToken | GradientToken | TypographyToken;

/** Every token in its collection's default mode. */
export const tokens = {
  borderFocus: {"color":"#2563eb","width":"2px","style":{"dashArray":["4px","16px"],"lineCap":"round"}} as const satisfies BorderToken,
  borderSubtle: {"color":"rgba(0, 156, 98, 0.5)","width":"1px","style":"solid"} as const satisfies BorderToken,
  colorAccent: "#2563eb",
  colorBg: "#f9fafb",
  colorBlack50: "rgba(0, 0, 0, 0.5)",
  colorBlue500: "#2563eb",
  colorFg: "#111827",
  colorGray50: "#f9fafb",
  colorGray900: "#111827",
  colorLink: "#2563eb",
  colorP3Mint: "rgba(0, 156, 98, 0.5)",
  colorP3Red: "#ff0000",
  colorScrim: "rgba(0, 0, 0, 0.5)",
  colorVivid: "#1b68ff",
  colorVividLink: "#1b68ff",
  durationNone: "0ms",
  easeStandard: [0.2,0,0,1] as const satisfies CubicBezierToken,
  emphasis: 1,
  featureRounded: true,
  fontFamilySans: "Inter, system-ui, sans-serif",
  fontFamilySerif: "\"Source Serif 4\", Georgia, serif",
  fontSizeBody: "16px",
  fontWeightBold: 700,
  fontWeightRegular: 400,
  gradientBrand: [{"color":"#2563eb","position":0},{"color":"#ff0000","position":0.33},{"color":"#ffffff","position":1}] as const satisfies GradientToken,
  labelGreeting: "Say \"hi\" & it's $5 <now>",
  layerOverlay: 10,
  motionFast: "150ms",
  opacityDisabled: 0.4,
  radiusMd: "0.5rem",
  ratioThird: 0.33,
  shadowCard: [{"color":"rgba(0, 0, 0, 0.5)","offsetX":"0px","offsetY":"1px","blur":"2px","spread":"0px","inset":false},{"color":"rgba(0, 0, 0, 0.1)","offsetX":"0px","offsetY":"4px","blur":"8px","spread":"-2px","inset":false}] as const satisfies ShadowToken,
  shadowRaised: [{"color":"rgba(0, 0, 0, 0.5)","offsetX":"0px","offsetY":"1px","blur":"2px","spread":"0px","inset":false},{"color":"rgba(0, 0, 0, 0.1)","offsetX":"0px","offsetY":"4px","blur":"8px","spread":"-2px","inset":false},{"color":"rgba(0, 0, 0, 0.2)","offsetX":"0px","offsetY":"12px","blur":"24px","spread":"0px","inset":false}] as const satisfies ShadowToken,
  shadowWell: [{"color":"rgba(0, 0, 0, 0.5)","offsetX":"0px","offsetY":"2px","blur":"16px","spread":"0px","inset":true}] as const satisfies ShadowToken,
  space4: "16px",
  spaceGutter: "16px",
  strokeDashed: {"dashArray":["4px","16px"],"lineCap":"round"} as const satisfies StrokeStyleToken,
  textBody: "16px",
  trackingWide: "0.05rem",
  transitionFade: {"duration":"150ms","delay":"0ms","timingFunction":[0.2,0,0,1]} as const satisfies TransitionToken,
  typeBody: {"fontFamily":"Inter, system-ui, sans-serif","fontSize":"16px","fontWeight":400,"letterSpacing":"0px","lineHeight":1.5} as const satisfies TypographyToken,
  typeHeading: {"fontFamily":"\"Source Serif 4\", Georgia, serif","fontSize":"2rem","fontWeight":700,"letterSpacing":"0.05rem","lineHeight":1.2} as const satisfies TypographyToken,
  typeLead: {"fontFamily":"Inter, system-ui, sans-serif","fontSize":"16px","fontWeight":400,"letterSpacing":"0px","lineHeight":1.5} as const satisfies TypographyToken,
} as const satisfies Record<TokenName, TokenValue>;

/** Each collection's default mode. */
export const defaultModes = {
  "primitives": "value",
  "theme": "light",
} as const;

/** Values per collection and mode; aliases resolved (into other collections, their default mode). */
export const modes = {
  "primitives": {
    "value": {
      colorBlack50: "rgba(0, 0, 0, 0.5)",
      colorBlue500: "#2563eb",
      colorGray50: "#f9fafb",
      colorGray900: "#111827",
      colorP3Mint: "rgba(0, 156, 98, 0.5)",
      colorP3Red: "#ff0000",
      durationNone: "0ms",
      easeStandard: [0.2,0,0,1] as const satisfies CubicBezierToken,
      fontFamilySans: "Inter, system-ui, sans-serif",
      fontFamilySerif: "\"Source Serif 4\", Georgia, serif",
      fontSizeBody: "16px",
      fontWeightBold: 700,
      fontWeightRegular: 400,
      motionFast: "150ms",
      opacityDisabled: 0.4,
      radiusMd: "0.5rem",
      ratioThird: 0.33,
      space4: "16px",
      strokeDashed: {"dashArray":["4px","16px"],"lineCap":"round"} as const satisfies StrokeStyleToken,
      trackingWide: "0.05rem",
    },
  },
  "theme": {
    "light": {
      borderFocus: {"color":"#2563eb","width":"2px","style":{"dashArray":["4px","16px"],"lineCap":"round"}} as const satisfies BorderToken,
      borderSubtle: {"color":"rgba(0, 156, 98, 0.5)","width":"1px","style":"solid"} as const satisfies BorderToken,
      colorAccent: "#2563eb",
      colorBg: "#f9fafb",
      colorFg: "#111827",
      colorLink: "#2563eb",
      colorScrim: "rgba(0, 0, 0, 0.5)",
      colorVivid: "#1b68ff",
      colorVividLink: "#1b68ff",
      emphasis: 1,
      featureRounded: true,
      gradientBrand: [{"color":"#2563eb","position":0},{"color":"#ff0000","position":0.33},{"color":"#ffffff","position":1}] as const satisfies GradientToken,
      labelGreeting: "Say \"hi\" & it's $5 <now>",
      layerOverlay: 10,
      shadowCard: [{"color":"rgba(0, 0, 0, 0.5)","offsetX":"0px","offsetY":"1px","blur":"2px","spread":"0px","inset":false},{"color":"rgba(0, 0, 0, 0.1)","offsetX":"0px","offsetY":"4px","blur":"8px","spread":"-2px","inset":false}] as const satisfies ShadowToken,
      shadowRaised: [{"color":"rgba(0, 0, 0, 0.5)","offsetX":"0px","offsetY":"1px","blur":"2px","spread":"0px","inset":false},{"color":"rgba(0, 0, 0, 0.1)","offsetX":"0px","offsetY":"4px","blur":"8px","spread":"-2px","inset":false},{"color":"rgba(0, 0, 0, 0.2)","offsetX":"0px","offsetY":"12px","blur":"24px","spread":"0px","inset":false}] as const satisfies ShadowToken,
      shadowWell: [{"color":"rgba(0, 0, 0, 0.5)","offsetX":"0px","offsetY":"2px","blur":"16px","spread":"0px","inset":true}] as const satisfies ShadowToken,
      spaceGutter: "16px",
      textBody: "16px",
      transitionFade: {"duration":"150ms","delay":"0ms","timingFunction":[0.2,0,0,1]} as const satisfies TransitionToken,
      typeBody: {"fontFamily":"Inter, system-ui, sans-serif","fontSize":"16px","fontWeight":400,"letterSpacing":"0px","lineHeight":1.5} as const satisfies TypographyToken,
      typeHeading: {"fontFamily":"\"Source Serif 4\", Georgia, serif","fontSize":"2rem","fontWeight":700,"letterSpacing":"0.05rem","lineHeight":1.2} as const satisfies TypographyToken,
      typeLead: {"fontFamily":"Inter, system-ui, sans-serif","fontSize":"16px","fontWeight":400,"letterSpacing":"0px","lineHeight":1.5} as const satisfies TypographyToken,
    },
    "dark": {
      borderFocus: {"color":"#60a5fa","width":"2px","style":{"dashArray":["4px","16px"],"lineCap":"round"}} as const satisfies BorderToken,
      borderSubtle: {"color":"#1b68ff","width":"1px","style":"solid"} as const satisfies BorderToken,
      colorAccent: "#60a5fa",
      colorBg: "#111827",
      colorFg: "#f9fafb",
      colorLink: "#60a5fa",
      colorScrim: "rgba(0, 0, 0, 0.8)",
      colorVivid: "#4ba3f7",
      colorVividLink: "#4ba3f7",
      emphasis: 0.8,
      featureRounded: false,
      gradientBrand: [{"color":"#60a5fa","position":0},{"color":"#4ba3f7","position":1}] as const satisfies GradientToken,
      labelGreeting: "Good night",
      layerOverlay: 20,
      shadowCard: [{"color":"rgba(0, 0, 0, 0.8)","offsetX":"0px","offsetY":"2px","blur":"6px","spread":"0px","inset":false}] as const satisfies ShadowToken,
      shadowRaised: [{"color":"rgba(0, 0, 0, 0.8)","offsetX":"0px","offsetY":"2px","blur":"6px","spread":"0px","inset":false},{"color":"rgba(0, 0, 0, 0.2)","offsetX":"0px","offsetY":"12px","blur":"24px","spread":"0px","inset":false}] as const satisfies ShadowToken,
      shadowWell: [{"color":"rgba(0, 0, 0, 0.5)","offsetX":"0px","offsetY":"2px","blur":"16px","spread":"0px","inset":true}] as const satisfies ShadowToken,
      spaceGutter: "24px",
      textBody: "18px",
      transitionFade: {"duration":"0.3s","delay":"50ms","timingFunction":[0.4,0,0.2,1]} as const satisfies TransitionToken,
      typeBody: {"fontFamily":"Inter, system-ui, sans-serif","fontSize":"18px","fontWeight":300,"letterSpacing":"0.2px","lineHeight":1.6} as const satisfies TypographyToken,
      typeHeading: {"fontFamily":"\"Source Serif 4\", Georgia, serif","fontSize":"2rem","fontWeight":700,"letterSpacing":"0.05rem","lineHeight":1.2} as const satisfies TypographyToken,
      typeLead: {"fontFamily":"\"Source Serif 4\", Georgia, serif","fontSize":"2rem","fontWeight":700,"letterSpacing":"0.05rem","lineHeight":1.2} as const satisfies TypographyToken,
    },
  },
} as const;

export type CollectionName = keyof typeof modes;
export type ModeName<C extends CollectionName> = keyof (typeof modes)[C];
