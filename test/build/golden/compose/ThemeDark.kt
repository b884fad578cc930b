// Do not edit directly, this file was auto-generated.



package tokens

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.unit.*
import androidx.compose.animation.core.CubicBezierEasing

object ThemeDark {
  val borderFocus = BorderToken(color = Color(0xff60a5fa), width = 2.dp, style = StrokeStyleToken(keyword = "dashed", dashArray = listOf(4.dp, 16.dp), lineCap = "round"))
  val borderSubtle = BorderToken(color = Color(0xff1b68ff), width = 1.dp, style = StrokeStyleToken(keyword = "solid"))
  val colorAccent = Color(0xff60a5fa)
  val colorBg = Color(0xff111827)
  val colorFg = Color(0xfff9fafb)
  val colorLink = Color(0xff60a5fa)
  val colorScrim = Color(0xcc000000)
  val colorVivid = Color(0xff4ba3f7)
  val colorVividLink = Color(0xff4ba3f7)
  val emphasis = 0.8f
  val featureRounded = false
  val gradientBrand = GradientToken(listOf(GradientStop(color = Color(0xff60a5fa), position = 0f), GradientStop(color = Color(0xff4ba3f7), position = 1f)))
  val labelGreeting = "Good night"
  val layerOverlay = 20f
  val shadowCard = ShadowToken(listOf(ShadowLayer(color = Color(0xcc000000), offsetX = 0.dp, offsetY = 2.dp, blur = 6.dp, spread = 0.dp, inset = false)))
  val shadowRaised = ShadowToken(listOf(ShadowLayer(color = Color(0xcc000000), offsetX = 0.dp, offsetY = 2.dp, blur = 6.dp, spread = 0.dp, inset = false), ShadowLayer(color = Color(0x33000000), offsetX = 0.dp, offsetY = 12.dp, blur = 24.dp, spread = 0.dp, inset = false)))
  val shadowWell = ShadowToken(listOf(ShadowLayer(color = Color(0x80000000), offsetX = 0.dp, offsetY = 2.dp, blur = 16.dp, spread = 0.dp, inset = true)))
  val spaceGutter = 24.dp
  val textBody = 18.sp
  val transitionFade = TransitionToken(durationMillis = 300, delayMillis = 50, easing = CubicBezierEasing(0.4f, 0f, 0.2f, 1f))
  val typeBody = TypographyToken(fontFamily = "Inter, system-ui, sans-serif", fontSize = 18.sp, fontWeight = 300, letterSpacing = 0.2.sp, lineHeight = 1.6f)
  val typeHeading = TypographyToken(fontFamily = "Source Serif 4, Georgia, serif", fontSize = 32.sp, fontWeight = 700, letterSpacing = 0.8.sp, lineHeight = 1.2f)
  val typeLead = TypographyToken(fontFamily = "Source Serif 4, Georgia, serif", fontSize = 32.sp, fontWeight = 700, letterSpacing = 0.8.sp, lineHeight = 1.2f)
}
