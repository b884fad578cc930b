// Do not edit directly, this file was auto-generated.



package tokens

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.unit.*

object TokensForBrandAcme {
  val colorAccent = Color(0xffff0000)
  val colorBg = Color(0xffffffff)
  val colorBlack = Color(0xff000000)
  val colorBlue = Color(0xff0000ff)
  val colorFg = Color(0xff000000)
  val colorLink = Color(0xffff0000)
  val colorWhite = Color(0xffffffff)
  val sizeGap = 8.dp
  val sizeRadius = 0f
}
