// Do not edit directly, this file was auto-generated.



package tokens

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.unit.*

object GridStyles {
  val gridLayout12ColumnsAlignment = "stretch"
  val gridLayout12ColumnsColor = Color(0x1aff0000)
  val gridLayout12ColumnsCount = 12f
  val gridLayout12ColumnsGutter = 24.dp
  val gridLayout12ColumnsOffset = 32.dp
  val gridLayout12ColumnsPattern = "columns"
  val gridLayout8PxGridColor = Color(0x1a0000ff)
  val gridLayout8PxGridPattern = "grid"
  val gridLayout8PxGridSectionSize = 8.dp
}
