// The benchmark scenes (placeholder).
import TesseraRaster
