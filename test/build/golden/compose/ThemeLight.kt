// Do not edit directly, this file was auto-generated.



package tokens

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.unit.*
import androidx.compose.animation.core.CubicBezierEasing

object ThemeLight {
  val borderFocus = BorderToken(color = Color(0xff2563eb), width = 2.dp, style = StrokeStyleToken(keyword = "dashed", dashArray = listOf(4.dp, 16.dp), lineCap = "round"))
  val borderSubtle = BorderToken(color = Color(0x80009c62), width = 1.dp, style = StrokeStyleToken(keyword = "solid"))
  val colorAccent = Color(0xff2563eb)
  val colorBg = Color(0xfff9fafb)
  val colorFg = Color(0xff111827)
  val colorLink = Color(0xff2563eb)
  val colorScrim = Color(0x80000000)
  val colorVivid = Color(0xff1b68ff)
  val colorVividLink = Color(0xff1b68ff)
  val emphasis = 1f
  val featureRounded = true
  val gradientBrand = GradientToken(listOf(GradientStop(color = Color(0xff2563eb), position = 0f), GradientStop(color = Color(0xffff0000), position = 0.33f), GradientStop(color = Color(0xffffffff), position = 1f)))
  val gradientGlow = GradientToken(listOf(GradientStop(color = Color(0xccffffff), position = 0f), GradientStop(color = Color(0x00ffffff), position = 1f)), radial = true, centerX = 0.5f, centerY = 0.25f, radiusX = 0.5f, radiusY = 0.75f)
  val gradientSweep = GradientToken(listOf(GradientStop(color = Color(0xff2563eb), position = 0f), GradientStop(color = Color(0xffffffff), position = 1f)), angle = 90f)
  val labelGreeting = "Say \"hi\" & it's \$5 <now>"
  val layerOverlay = 10f
  val shadowCard = ShadowToken(listOf(ShadowLayer(color = Color(0x80000000), offsetX = 0.dp, offsetY = 1.dp, blur = 2.dp, spread = 0.dp, inset = false), ShadowLayer(color = Color(0x1a000000), offsetX = 0.dp, offsetY = 4.dp, blur = 8.dp, spread = -2.dp, inset = false)))
  val shadowRaised = ShadowToken(listOf(ShadowLayer(color = Color(0x80000000), offsetX = 0.dp, offsetY = 1.dp, blur = 2.dp, spread = 0.dp, inset = false), ShadowLayer(color = Color(0x1a000000), offsetX = 0.dp, offsetY = 4.dp, blur = 8.dp, spread = -2.dp, inset = false), ShadowLayer(color = Color(0x33000000), offsetX = 0.dp, offsetY = 12.dp, blur = 24.dp, spread = 0.dp, inset = false)))
  val shadowWell = ShadowToken(listOf(ShadowLayer(color = Color(0x80000000), offsetX = 0.dp, offsetY = 2.dp, blur = 16.dp, spread = 0.dp, inset = true)))
  val spaceGutter = 16.dp
  val textBody = 16.sp
  val transitionFade = TransitionToken(durationMillis = 150, delayMillis = 0, easing = CubicBezierEasing(0.2f, 0f, 0f, 1f))
  val typeBody = TypographyToken(fontFamily = "Inter, system-ui, sans-serif", fontSize = 16.sp, fontWeight = 400, letterSpacing = 0.sp, lineHeight = 1.5f)
  val typeHeading = TypographyToken(fontFamily = "Source Serif 4, Georgia, serif", fontSize = 32.sp, fontWeight = 700, letterSpacing = 0.8.sp, lineHeight = 1.2f)
  val typeLead = TypographyToken(fontFamily = "Inter, system-ui, sans-serif", fontSize = 16.sp, fontWeight = 400, letterSpacing = 0.sp, lineHeight = 1.5f)
}
