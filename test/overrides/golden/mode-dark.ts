// Do not edit directly, this file was auto-generated.

/** Every token resolved for {"mode":"dark"}. */
export const tokens = {
  "color": {
    "accent": "#6666ff",
    "bg": "#000000",
    "black": "#000000",
    "blue": "#6666ff",
    "fg": "#eeeeee",
    "link": "#6666ff",
    "white": "#ffffff"
  },
  "size": {
    "gap": "8px",
    "radius": 2
  }
} as const;
