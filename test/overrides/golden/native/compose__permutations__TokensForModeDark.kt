// Do not edit directly, this file was auto-generated.



package tokens

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.unit.*

object TokensForModeDark {
  val colorAccent = Color(0xff6666ff)
  val colorBg = Color(0xff000000)
  val colorBlack = Color(0xff000000)
  val colorBlue = Color(0xff6666ff)
  val colorFg = Color(0xffeeeeee)
  val colorLink = Color(0xff6666ff)
  val colorWhite = Color(0xffffffff)
  val sizeGap = 8.dp
  val sizeRadius = 2f
}
