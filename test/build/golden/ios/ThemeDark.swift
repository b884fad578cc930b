//
// ios/ThemeDark.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

public class ThemeDark {
    public static let borderFocus = BorderToken(color: UIColor(red: 0.376, green: 0.647, blue: 0.980, alpha: 1), width: CGFloat(2), style: StrokeStyleToken(keyword: "dashed", dashArray: [CGFloat(4), CGFloat(16)], lineCap: "round"))
    public static let borderSubtle = BorderToken(color: UIColor(displayP3Red: 0.200, green: 0.400, blue: 1.000, alpha: 1), width: CGFloat(1), style: StrokeStyleToken(keyword: "solid"))
    public static let colorAccent = UIColor(red: 0.376, green: 0.647, blue: 0.980, alpha: 1)
    public static let colorBg = UIColor(red: 0.067, green: 0.094, blue: 0.153, alpha: 1) /** Page background */
    public static let colorFg = UIColor(red: 0.976, green: 0.980, blue: 0.984, alpha: 1)
    public static let colorLink = UIColor(red: 0.376, green: 0.647, blue: 0.980, alpha: 1)
    public static let colorScrim = UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.8)
    public static let colorVivid = UIColor(red: 0.294, green: 0.639, blue: 0.969, alpha: 1)
    public static let colorVividLink = UIColor(red: 0.294, green: 0.639, blue: 0.969, alpha: 1)
    public static let emphasis = CGFloat(0.8)
    public static let featureRounded = false
    public static let gradientBrand = GradientToken(stops: [GradientStop(color: UIColor(red: 0.376, green: 0.647, blue: 0.980, alpha: 1), position: CGFloat(0)), GradientStop(color: UIColor(red: 0.294, green: 0.639, blue: 0.969, alpha: 1), position: CGFloat(1))])
    public static let labelGreeting = "Good night"
    public static let layerOverlay = CGFloat(20)
    public static let shadowCard = ShadowToken(layers: [ShadowLayer(color: UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.8), offsetX: CGFloat(0), offsetY: CGFloat(2), blur: CGFloat(6), spread: CGFloat(0), inset: false)])
    public static let shadowRaised = ShadowToken(layers: [ShadowLayer(color: UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.8), offsetX: CGFloat(0), offsetY: CGFloat(2), blur: CGFloat(6), spread: CGFloat(0), inset: false), ShadowLayer(color: UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.2), offsetX: CGFloat(0), offsetY: CGFloat(12), blur: CGFloat(24), spread: CGFloat(0), inset: false)])
    public static let shadowWell = ShadowToken(layers: [ShadowLayer(color: UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.5), offsetX: CGFloat(0), offsetY: CGFloat(2), blur: CGFloat(16), spread: CGFloat(0), inset: true)])
    public static let spaceGutter = CGFloat(24)
    public static let textBody = CGFloat(18)
    public static let transitionFade = TransitionToken(duration: TimeInterval(0.3), delay: TimeInterval(0.05), timingFunction: CubicBezierToken(x1: 0.4, y1: 0, x2: 0.2, y2: 1))
    public static let typeBody = TypographyToken(fontFamily: "Inter, system-ui, sans-serif", fontSize: CGFloat(18), fontWeight: CGFloat(300), letterSpacing: CGFloat(0.2), lineHeight: CGFloat(1.6)) /** Running text */
    public static let typeHeading = TypographyToken(fontFamily: "Source Serif 4, Georgia, serif", fontSize: CGFloat(32), fontWeight: CGFloat(700), letterSpacing: CGFloat(0.8), lineHeight: CGFloat(1.2))
    public static let typeLead = TypographyToken(fontFamily: "Source Serif 4, Georgia, serif", fontSize: CGFloat(32), fontWeight: CGFloat(700), letterSpacing: CGFloat(0.8), lineHeight: CGFloat(1.2))
}
