//
// ios/ThemeLight.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

public class ThemeLight {
    public static let colorAccent = UIColor(red: 0.145, green: 0.388, blue: 0.922, alpha: 1)
    public static let colorBg = UIColor(red: 0.976, green: 0.980, blue: 0.984, alpha: 1) /** Page background */
    public static let colorFg = UIColor(red: 0.067, green: 0.094, blue: 0.153, alpha: 1)
    public static let colorLink = UIColor(red: 0.145, green: 0.388, blue: 0.922, alpha: 1)
    public static let colorScrim = UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.5)
    public static let emphasis = CGFloat(1)
    public static let featureRounded = true
    public static let labelGreeting = "Say \"hi\" & it's $5 <now>"
    public static let layerOverlay = CGFloat(10)
    public static let spaceGutter = CGFloat(16)
    public static let textBody = CGFloat(16)
}
