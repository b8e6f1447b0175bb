import Remedy
print("remedy-demo")
