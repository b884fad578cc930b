// Do not edit directly, this file was auto-generated.

package tokens

import androidx.compose.animation.core.CubicBezierEasing
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.unit.*

data class StrokeStyleToken(val keyword: String, val dashArray: List<Dp> = emptyList(), val lineCap: String = "butt")

data class BorderToken(val color: Color, val width: Dp, val style: StrokeStyleToken)

data class TransitionToken(val durationMillis: Int, val delayMillis: Int, val easing: CubicBezierEasing)

data class ShadowLayer(val color: Color, val offsetX: Dp, val offsetY: Dp, val blur: Dp, val spread: Dp, val inset: Boolean)

/** Layers top first, as CSS lists them. */
data class ShadowToken(val layers: List<ShadowLayer>)

data class GradientStop(val color: Color, val position: Float)

/**
 * `radial`, or linear at `angle` degrees (CSS: 0 points up, 90 right; 180, top to bottom, is DTCG's default).
 * A radial one's centre and radii are fractions of the box; no radii reaches the farthest corner, as CSS's.
 */
data class GradientToken(
  val stops: List<GradientStop>,
  val radial: Boolean = false,
  val angle: Float = 180f,
  val centerX: Float = 0.5f,
  val centerY: Float = 0.5f,
  val radiusX: Float? = null,
  val radiusY: Float? = null,
)

/** lineHeight is a multiple of fontSize; fontWeight 1..1000 (FontWeight(fontWeight)). */
data class TypographyToken(val fontFamily: String, val fontSize: TextUnit, val fontWeight: Int, val letterSpacing: TextUnit, val lineHeight: Float)
