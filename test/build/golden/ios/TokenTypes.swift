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

/// `radial` or linear at `angle` degrees (CSS: 0 points up, 90 right; 180, top to bottom, is DTCG's default).
/// A radial one's `center` and `radii` are fractions of the box; `radii` nil reaches the farthest corner, as CSS's.
public struct GradientToken: Equatable {
    public let stops: [GradientStop]
    public var radial: Bool = false
    public var angle: CGFloat = 180
    public var center: CGPoint = CGPoint(x: 0.5, y: 0.5)
    public var radii: CGSize? = nil
}

/** Sizes in points; lineHeight a multiple of fontSize; fontWeight 1...1000. */
public struct TypographyToken: Equatable {
    public let fontFamily: String
    public let fontSize: CGFloat
    public let fontWeight: CGFloat
    public let letterSpacing: CGFloat
    public let lineHeight: CGFloat
}
