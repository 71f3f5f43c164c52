public enum TestSupportPlaceholderRemoveMe {}
