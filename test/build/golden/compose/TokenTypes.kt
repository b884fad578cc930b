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

data class GradientToken(val stops: List<GradientStop>)

/** lineHeight is a multiple of fontSize; fontWeight 1..1000 (FontWeight(fontWeight)). */
data class TypographyToken(val fontFamily: String, val fontSize: TextUnit, val fontWeight: Int, val letterSpacing: TextUnit, val lineHeight: Float)
