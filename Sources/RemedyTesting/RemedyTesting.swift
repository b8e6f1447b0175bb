@_exported import Remedy
