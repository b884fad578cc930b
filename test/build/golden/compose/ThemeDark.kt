// Do not edit directly, this file was auto-generated.



package tokens

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.unit.*

object ThemeDark {
  val colorAccent = Color(0xff60a5fa)
  val colorBg = Color(0xff111827)
  val colorFg = Color(0xfff9fafb)
  val colorLink = Color(0xff60a5fa)
  val colorScrim = Color(0xcc000000)
  val emphasis = 0.8f
  val featureRounded = false
  val labelGreeting = "Good night"
  val layerOverlay = 20f
  val spaceGutter = 24.dp
  val textBody = 18.sp
}
