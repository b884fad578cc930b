//
// ios/GridStyles.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

public class GridStyles {
    public static let gridLayout12ColumnsAlignment = "stretch" /** 12-column grid, 24 px gutter */
    public static let gridLayout12ColumnsColor = UIColor(red: 1.000, green: 0.000, blue: 0.000, alpha: 0.1) /** 12-column grid, 24 px gutter */
    public static let gridLayout12ColumnsCount = CGFloat(12) /** 12-column grid, 24 px gutter */
    public static let gridLayout12ColumnsGutter = CGFloat(24) /** 12-column grid, 24 px gutter */
    public static let gridLayout12ColumnsOffset = CGFloat(32) /** 12-column grid, 24 px gutter */
    public static let gridLayout12ColumnsPattern = "columns" /** 12-column grid, 24 px gutter */
    public static let gridLayout8PxGridColor = UIColor(red: 0.000, green: 0.000, blue: 1.000, alpha: 0.1) /** 8 px square grid */
    public static let gridLayout8PxGridPattern = "grid" /** 8 px square grid */
    public static let gridLayout8PxGridSectionSize = CGFloat(8) /** 8 px square grid */
}
