//
// ios/ThemeLight.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

public class ThemeLight {
    public static let borderFocus = BorderToken(color: UIColor(red: 0.145, green: 0.388, blue: 0.922, alpha: 1), width: CGFloat(2), style: StrokeStyleToken(keyword: "dashed", dashArray: [CGFloat(4), CGFloat(16)], lineCap: "round"))
    public static let borderSubtle = BorderToken(color: UIColor(displayP3Red: 0.000, green: 0.600, blue: 0.400, alpha: 0.5), width: CGFloat(1), style: StrokeStyleToken(keyword: "solid"))
    public static let colorAccent = UIColor(red: 0.145, green: 0.388, blue: 0.922, alpha: 1)
    public static let colorBg = UIColor(red: 0.976, green: 0.980, blue: 0.984, alpha: 1) /** Page background */
    public static let colorFg = UIColor(red: 0.067, green: 0.094, blue: 0.153, alpha: 1)
    public static let colorLink = UIColor(red: 0.145, green: 0.388, blue: 0.922, alpha: 1)
    public static let colorScrim = UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.5)
    public static let colorVivid = UIColor(displayP3Red: 0.200, green: 0.400, blue: 1.000, alpha: 1)
    public static let colorVividLink = UIColor(displayP3Red: 0.200, green: 0.400, blue: 1.000, alpha: 1)
    public static let emphasis = CGFloat(1)
    public static let featureRounded = true
    public static let gradientBrand = GradientToken(stops: [GradientStop(color: UIColor(red: 0.145, green: 0.388, blue: 0.922, alpha: 1), position: CGFloat(0)), GradientStop(color: UIColor(displayP3Red: 1.000, green: 0.000, blue: 0.000, alpha: 1), position: CGFloat(0.33)), GradientStop(color: UIColor(red: 1.000, green: 1.000, blue: 1.000, alpha: 1), position: CGFloat(1))])
    public static let gradientGlow = GradientToken(stops: [GradientStop(color: UIColor(red: 1.000, green: 1.000, blue: 1.000, alpha: 0.8), position: CGFloat(0)), GradientStop(color: UIColor(red: 1.000, green: 1.000, blue: 1.000, alpha: 0), position: CGFloat(1))], radial: true, center: CGPoint(x: 0.5, y: 0.25), radii: CGSize(width: 0.5, height: 0.75))
    public static let gradientSweep = GradientToken(stops: [GradientStop(color: UIColor(red: 0.145, green: 0.388, blue: 0.922, alpha: 1), position: CGFloat(0)), GradientStop(color: UIColor(red: 1.000, green: 1.000, blue: 1.000, alpha: 1), position: CGFloat(1))], angle: 90)
    public static let labelGreeting = "Say \"hi\" & it's $5 <now>"
    public static let layerOverlay = CGFloat(10)
    public static let shadowCard = ShadowToken(layers: [ShadowLayer(color: UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.5), offsetX: CGFloat(0), offsetY: CGFloat(1), blur: CGFloat(2), spread: CGFloat(0), inset: false), ShadowLayer(color: UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.1), offsetX: CGFloat(0), offsetY: CGFloat(4), blur: CGFloat(8), spread: CGFloat(-2), inset: false)])
    public static let shadowRaised = ShadowToken(layers: [ShadowLayer(color: UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.5), offsetX: CGFloat(0), offsetY: CGFloat(1), blur: CGFloat(2), spread: CGFloat(0), inset: false), ShadowLayer(color: UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.1), offsetX: CGFloat(0), offsetY: CGFloat(4), blur: CGFloat(8), spread: CGFloat(-2), inset: false), ShadowLayer(color: UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.2), offsetX: CGFloat(0), offsetY: CGFloat(12), blur: CGFloat(24), spread: CGFloat(0), inset: false)])
    public static let shadowWell = ShadowToken(layers: [ShadowLayer(color: UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.5), offsetX: CGFloat(0), offsetY: CGFloat(2), blur: CGFloat(16), spread: CGFloat(0), inset: true)])
    public static let spaceGutter = CGFloat(16)
    public static let textBody = CGFloat(16)
    public static let transitionFade = TransitionToken(duration: TimeInterval(0.15), delay: TimeInterval(0), timingFunction: CubicBezierToken(x1: 0.2, y1: 0, x2: 0, y2: 1))
    public static let typeBody = TypographyToken(fontFamily: "Inter, system-ui, sans-serif", fontSize: CGFloat(16), fontWeight: CGFloat(400), letterSpacing: CGFloat(0), lineHeight: CGFloat(1.5)) /** Running text */
    public static let typeHeading = TypographyToken(fontFamily: "Source Serif 4, Georgia, serif", fontSize: CGFloat(32), fontWeight: CGFloat(700), letterSpacing: CGFloat(0.8), lineHeight: CGFloat(1.2))
    public static let typeLead = TypographyToken(fontFamily: "Inter, system-ui, sans-serif", fontSize: CGFloat(16), fontWeight: CGFloat(400), letterSpacing: CGFloat(0), lineHeight: CGFloat(1.5))
}
