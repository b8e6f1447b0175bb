import Remedy
