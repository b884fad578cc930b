//
// ios/permutations/TokensForBrandZen.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

public class TokensForBrandZen {
    public static let colorAccent = UIColor(red: 0.000, green: 0.000, blue: 1.000, alpha: 1)
    public static let colorBg = UIColor(red: 1.000, green: 1.000, blue: 1.000, alpha: 1)
    public static let colorBlack = UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 1)
    public static let colorBlue = UIColor(red: 0.000, green: 0.000, blue: 1.000, alpha: 1)
    public static let colorFg = UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 1)
    public static let colorLink = UIColor(red: 0.000, green: 0.000, blue: 1.000, alpha: 1)
    public static let colorWhite = UIColor(red: 1.000, green: 1.000, blue: 1.000, alpha: 1)
    public static let sizeGap = CGFloat(8)
    public static let sizeRadius = CGFloat(2)
}
