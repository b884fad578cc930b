//
// ios/ThemeDark.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

public class ThemeDark {
    public static let colorAccent = UIColor(red: 0.376, green: 0.647, blue: 0.980, alpha: 1)
    public static let colorBg = UIColor(red: 0.067, green: 0.094, blue: 0.153, alpha: 1) /** Page background */
    public static let colorFg = UIColor(red: 0.976, green: 0.980, blue: 0.984, alpha: 1)
    public static let colorLink = UIColor(red: 0.376, green: 0.647, blue: 0.980, alpha: 1)
    public static let colorScrim = UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.8)
    public static let emphasis = CGFloat(0.8)
    public static let featureRounded = false
    public static let labelGreeting = "Good night"
    public static let layerOverlay = CGFloat(20)
    public static let spaceGutter = CGFloat(24)
    public static let textBody = CGFloat(18)
}
