// Do not edit directly, this file was auto-generated.



package tokens

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.unit.*

object ThemeLight {
  val colorAccent = Color(0xff2563eb)
  val colorBg = Color(0xfff9fafb)
  val colorFg = Color(0xff111827)
  val colorLink = Color(0xff2563eb)
  val colorScrim = Color(0x80000000)
  val emphasis = 1f
  val featureRounded = true
  val labelGreeting = "Say \"hi\" & it's \$5 <now>"
  val layerOverlay = 10f
  val spaceGutter = 16.dp
  val textBody = 16.sp
}
