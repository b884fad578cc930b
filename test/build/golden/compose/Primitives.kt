// Do not edit directly, this file was auto-generated.



package tokens

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.unit.*
import androidx.compose.animation.core.CubicBezierEasing

object Primitives {
  val colorBlack50 = Color(0x80000000)
  val colorBlue500 = Color(0xff2563eb)
  val colorGray50 = Color(0xfff9fafb)
  val colorGray900 = Color(0xff111827)
  val colorP3Mint = Color(0x80009c62)
  val colorP3Red = Color(0xffff0000)
  val durationNone = 0
  val easeStandard = CubicBezierEasing(0.2f, 0f, 0f, 1f)
  val fontFamilySans = "Inter, system-ui, sans-serif"
  val fontFamilySerif = "Source Serif 4, Georgia, serif"
  val fontSizeBody = 16.sp
  val fontWeightBold = 700
  val fontWeightRegular = 400
  val motionFast = 150
  val opacityDisabled = 0.4f
  val radiusMd = 8.dp
  val ratioThird = 0.33f
  val space4 = 16.dp
  val strokeDashed = StrokeStyleToken(keyword = "dashed", dashArray = listOf(4.dp, 16.dp), lineCap = "round")
  val trackingWide = 0.8.dp
}
