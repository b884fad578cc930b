//
// ios/Primitives.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

public class Primitives {
    public static let colorBlack50 = UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.5)
    public static let colorBlue500 = UIColor(red: 0.145, green: 0.388, blue: 0.922, alpha: 1) /** Brand blue */
    public static let colorGray50 = UIColor(red: 0.976, green: 0.980, blue: 0.984, alpha: 1)
    public static let colorGray900 = UIColor(red: 0.067, green: 0.094, blue: 0.153, alpha: 1)
    public static let colorP3Mint = UIColor(displayP3Red: 0.000, green: 0.600, blue: 0.400, alpha: 0.5)
    public static let colorP3Red = UIColor(displayP3Red: 1.000, green: 0.000, blue: 0.000, alpha: 1) /** Display P3 red, clipped to #ff0000 in sRGB */
    public static let durationNone = TimeInterval(0)
    public static let easeStandard = CubicBezierToken(x1: 0.2, y1: 0, x2: 0, y2: 1)
    public static let fontFamilySans = "Inter, system-ui, sans-serif"
    public static let fontFamilySerif = "Source Serif 4, Georgia, serif"
    public static let fontSizeBody = CGFloat(16)
    public static let fontWeightBold = CGFloat(700)
    public static let fontWeightRegular = CGFloat(400)
    public static let motionFast = TimeInterval(0.15)
    public static let opacityDisabled = CGFloat(0.4)
    public static let radiusMd = CGFloat(8)
    public static let ratioThird = CGFloat(0.33)
    public static let space4 = CGFloat(16)
    public static let strokeDashed = StrokeStyleToken(keyword: "dashed", dashArray: [CGFloat(4), CGFloat(16)], lineCap: "round")
    public static let trackingWide = CGFloat(0.8)
}
