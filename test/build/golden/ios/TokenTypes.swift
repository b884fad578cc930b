//
// ios/TokenTypes.swift
//

// Do not edit directly, this file was auto-generated.

import UIKit

public struct CubicBezierToken: Equatable {
    public let x1: Double, y1: Double, x2: Double, y2: Double
}

public struct StrokeStyleToken: Equatable {
    public let keyword: String
    public var dashArray: [CGFloat] = []
    public var lineCap: String = "butt"
}

public struct BorderToken: Equatable {
    public let color: UIColor
    public let width: CGFloat
    public let style: StrokeStyleToken
}

public struct TransitionToken: Equatable {
    public let duration: TimeInterval
    public let delay: TimeInterval
    public let timingFunction: CubicBezierToken
}

public struct ShadowLayer: Equatable {
    public let color: UIColor
    public let offsetX: CGFloat
    public let offsetY: CGFloat
    public let blur: CGFloat
    public let spread: CGFloat
    public let inset: Bool
}

/** Layers top first, as CSS lists them. */
public struct ShadowToken: Equatable {
    public let layers: [ShadowLayer]
}

public struct GradientStop: Equatable {
    public let color: UIColor
    public let position: CGFloat
}

public struct GradientToken: Equatable {
    public let stops: [GradientStop]
}

/** Sizes in points; lineHeight a multiple of fontSize; fontWeight 1...1000. */
public struct TypographyToken: Equatable {
    public let fontFamily: String
    public let fontSize: CGFloat
    public let fontWeight: CGFloat
    public let letterSpacing: CGFloat
    public let lineHeight: CGFloat
}
