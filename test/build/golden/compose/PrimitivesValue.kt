// Do not edit directly, this file was auto-generated.



package tokens

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.unit.*

object PrimitivesValue {
  val colorBlack50 = Color(0x80000000)
  val colorBlue500 = Color(0xff2563eb)
  val colorGray50 = Color(0xfff9fafb)
  val colorGray900 = Color(0xff111827)
  val fontFamilySans = "Inter, system-ui, sans-serif"
  val fontSizeBody = 16.sp
  val fontWeightBold = 700
  val motionFast = 150
  val opacityDisabled = 0.4f
  val radiusMd = 8.dp
  val space4 = 16.dp
}
