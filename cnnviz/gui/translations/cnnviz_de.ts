<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
 <context>
  <name>cnnviz</name>
  <message>
   <location filename="cnnviz/app/about.py" line="15" />
   <source>cnnviz is free software under the MIT licence.</source>
   <translation>cnnviz ist freie Software unter der MIT-Lizenz.</translation>
  </message>
  <message>
   <location filename="cnnviz/app/about.py" line="16" />
   <source>The bundled MNIST database of handwritten digits is by Yann LeCun, Corinna Cortes and Christopher J.C. Burges, used under the Creative Commons Attribution-Share Alike 3.0 licence (CC BY-SA 3.0).</source>
   <translation>Die mitgelieferte MNIST-Datenbank handgeschriebener Ziffern stammt von Yann LeCun, Corinna Cortes und Christopher J.C. Burges und wird unter der Lizenz Creative Commons Namensnennung – Weitergabe unter gleichen Bedingungen 3.0 (CC BY-SA 3.0) verwendet.</translation>
  </message>
  <message>
   <location filename="cnnviz/app/about.py" line="21" />
   <source>The window is made with Qt and PySide6 (LGPL-3.0), pyqtgraph (MIT); the computations with NumPy, numba and llvmlite (BSD), Pillow (MIT-CMU). The standalone bundle lists every licence in THIRD-PARTY-NOTICES.txt.</source>
   <translation>Das Fenster ist mit Qt und PySide6 (LGPL-3.0) und pyqtgraph (MIT) gebaut, die Berechnungen mit NumPy, numba und llvmlite (BSD) und Pillow (MIT-CMU). Das eigenständige Paket führt jede Lizenz in THIRD-PARTY-NOTICES.txt auf.</translation>
  </message>
  <message>
   <location filename="cnnviz/app/autosave.py" line="95" />
   <source>step {step:,}, {percent:.1f}%</source>
   <translation>Schritt {step:,}, {percent:.1f} %</translation>
  </message>
  <message>
   <location filename="cnnviz/app/autosave.py" line="94" />
   <source>step {step:,}</source>
   <translation>Schritt {step:,}</translation>
  </message>
  <message>
   <location filename="cnnviz/app/autosave.py" line="104" />
   <source>at an unknown time</source>
   <translation>zu unbekannter Zeit</translation>
  </message>
  <message>
   <location filename="cnnviz/app/class_training.py" line="71" />
   <location filename="cnnviz/app/class_training.py" line="205" />
   <source>Name the class's own classes first (2 to 10 names), then collect drawings of them.</source>
   <translation>Benennt zuerst die eigenen Klassen der Klasse (2 bis 10 Namen) und sammelt dann Zeichnungen davon.</translation>
  </message>
  <message>
   <location filename="cnnviz/app/class_training.py" line="77" />
   <source>Too few drawings to train on: accept at least {least} drawings of each class. Still missing: {classes}.</source>
   <translation>Zu wenige Zeichnungen zum Trainieren: Nimm mindestens {least} Zeichnungen jeder Klasse an. Es fehlen noch: {classes}.</translation>
  </message>
  <message>
   <location filename="cnnviz/app/class_training.py" line="164" />
   <source>This network knows {names}: it trains further on the class canvas's drawings of them, and the class canvas (F6) now asks the phones for them. Accept at least {least} drawings of each, then press Start. Still missing: {classes}.</source>
   <translation>Dieses Netz kennt {names}: Es lernt mit den Zeichnungen der Klassen-Zeichenfläche weiter, und die Klassen-Zeichenfläche (F6) fragt die Handys jetzt danach. Nimm von jeder mindestens {least} Zeichnungen an und drücke dann Start. Es fehlen noch: {classes}.</translation>
  </message>
  <message>
   <location filename="cnnviz/app/class_training.py" line="150" />
   <source>This network knows {names}, but the class canvas holds drawings of {current}: it can only train further on drawings of its own classes. Name the same classes on the class canvas (F6), or choose a network of the data set under Network.</source>
   <translation>Dieses Netz kennt {names}, aber die Klassen-Zeichenfläche hat Zeichnungen von {current}: Es kann nur mit Zeichnungen seiner eigenen Klassen weiterlernen. Benenne auf der Klassen-Zeichenfläche (F6) dieselben Klassen oder wähle unter „Netz“ ein Netz für den Datensatz.</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="28" />
   <source>net</source>
   <translation>Netz</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="31" />
   <location filename="cnnviz/gui/exports.py" line="155" />
   <source>momentum</source>
   <translation>Momentum</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="32" />
   <source>batch</source>
   <translation>Batch</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="33" />
   <location filename="cnnviz/gui/exports.py" line="157" />
   <source>schedule</source>
   <translation>Verlauf</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="34" />
   <location filename="cnnviz/gui/exports.py" line="158" />
   <source>epochs</source>
   <translation>Epochen</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="35" />
   <source>data</source>
   <translation>Daten</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="36" />
   <location filename="cnnviz/classroom/report.py" line="280" />
   <location filename="cnnviz/gui/exports.py" line="152" />
   <source>backend</source>
   <translation>Backend</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="37" />
   <location filename="cnnviz/gui/exports.py" line="159" />
   <source>seed</source>
   <translation>Seed</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="197" />
   <source>this session</source>
   <translation>diese Sitzung</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="263" />
   <location filename="cnnviz/app/side_by_side.py" line="40" />
   <location filename="cnnviz/classroom/report.py" line="184" />
   <source>, </source>
   <translation>, </translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="272" />
   <source>{settings} (same settings)</source>
   <translation>{settings} (gleiche Einstellungen)</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="264" />
   <source>{name} {kept} vs {now} now</source>
   <translation>{name} {kept} (jetzt {now})</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="36" />
   <source>now</source>
   <translation>jetzt</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="60" />
   <source>not tested yet</source>
   <translation>noch nicht getestet</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="62" />
   <source>A {kept} | B {now}</source>
   <translation>A {kept} | B {now}</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="85" />
   <source>this one</source>
   <translation>dieses</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="51" />
   <source>A: {side}</source>
   <translation>A: {side}</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="51" />
   <source>B: {side}</source>
   <translation>B: {side}</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="77" />
   <source>A (left, kept): {a} | B (right, now): {b} · each pair on one colour scale</source>
   <translation>A (links, behalten): {a} | B (rechts, jetzt): {b} · jedes Paar auf einer Farbskala</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="82" />
   <source>A (left, kept): {a} | B (right, now): {b} · each side on its own colour scale</source>
   <translation>A (links, behalten): {a} | B (rechts, jetzt): {b} · jede Seite auf ihrer eigenen Farbskala</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="36" />
   <source>kept run ({source})</source>
   <translation>behaltener Lauf ({source})</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="109" />
   <source>A has no {layer}: another network ({kept} vs {now} now)</source>
   <translation>A hat keine Schicht {layer}: ein anderes Netz ({kept}, jetzt {now})</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="114" />
   <source>A's {layer} is {a}, B's {b}: another network ({kept} vs {now} now)</source>
   <translation>{layer} ist bei A {a}, bei B {b}: ein anderes Netz ({kept}, jetzt {now})</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="150" />
   <location filename="cnnviz/gui/panels/kernels.py" line="188" />
   <source>; </source>
   <translation>; </translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="102" />
   <source>A ({source}) has no weights kept: its kernels cannot be shown</source>
   <translation>A ({source}) hat keine Gewichte behalten: seine Kernel können nicht gezeigt werden</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="104" />
   <source>A ({source}) has no weights kept: its maps cannot be shown</source>
   <translation>A ({source}) hat keine Gewichte behalten: seine Karten können nicht gezeigt werden</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="146" />
   <source>A's feature maps cannot be computed: {exc}</source>
   <translation>Die Merkmalskarten von A lassen sich nicht berechnen: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numba_cpu/__init__.py" line="126" />
   <source>single-threaded sgemm per worker</source>
   <translation>sgemm mit einem Thread pro Worker</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numba_cpu/__init__.py" line="128" />
   <source>sgemm (BLAS threads not controllable)</source>
   <translation>sgemm (BLAS-Threads nicht steuerbar)</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numba_cpu/__init__.py" line="134" />
   <source>Numba {numba} nogil kernels on 1 worker thread + NumPy {numpy} {library} {blas}, CPU</source>
   <translation>Numba {numba} nogil-Kernel auf 1 Worker-Thread + NumPy {numpy} {library} {blas}, CPU</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numba_cpu/__init__.py" line="137" />
   <source>Numba {numba} nogil kernels on {threads} worker threads + NumPy {numpy} {library} {blas}, CPU</source>
   <translation>Numba {numba} nogil-Kernel auf {threads} Worker-Threads + NumPy {numpy} {library} {blas}, CPU</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numba_cpu/__init__.py" line="143" />
   <source>{description}; {note}</source>
   <translation>{description}; {note}</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numpy_ref.py" line="26" />
   <source>NumPy {version} reference (im2col + BLAS matrix products), CPU</source>
   <translation>NumPy {version}, Referenz (im2col + BLAS-Matrixprodukte), CPU</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/registry.py" line="34" />
   <source>NumPy reference (CPU)</source>
   <translation>NumPy-Referenz (CPU)</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/registry.py" line="35" />
   <source>Numba parallel kernels (CPU)</source>
   <translation>Numba, parallele Kernel (CPU)</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/registry.py" line="37" />
   <source>Hand-written numba.cuda kernels (NVIDIA GPU)</source>
   <translation>Handgeschriebene numba.cuda-Kernel (NVIDIA-GPU)</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/registry.py" line="39" />
   <source>CuPy im2col + cuBLAS (NVIDIA GPU)</source>
   <translation>CuPy im2col + cuBLAS (NVIDIA-GPU)</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="77" />
   <source>Loss curve</source>
   <translation>Verlustkurve</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="78" />
   <source>Accuracy curve</source>
   <translation>Genauigkeitskurve</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="79" />
   <location filename="cnnviz/gui/panels/feature_maps.py" line="43" />
   <location filename="cnnviz/gui/panels/feature_maps.py" line="68" />
   <source>Feature maps</source>
   <translation>Merkmalskarten</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="80" />
   <location filename="cnnviz/gui/panels/kernels.py" line="28" />
   <location filename="cnnviz/gui/panels/registry.py" line="325" />
   <source>Kernels</source>
   <translation>Kernel</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="81" />
   <location filename="cnnviz/gui/panels/registry.py" line="328" />
   <location filename="cnnviz/gui/panels/timings.py" line="69" />
   <source>Time per layer</source>
   <translation>Zeit pro Schicht</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="82" />
   <source>Draw and classify, class drawings</source>
   <translation>Zeichnen und erkennen, Klassenzeichnungen</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="83" />
   <source>Mistakes (confusion matrix)</source>
   <translation>Fehler (Konfusionsmatrix)</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="84" />
   <source>Why? (saliency, occlusion)</source>
   <translation>Warum? (Salienz, Verdeckung)</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="85" />
   <location filename="cnnviz/gui/panels/filters.py" line="165" />
   <source>What each filter wants to see</source>
   <translation>Was jeder Filter sehen will</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="86" />
   <location filename="cnnviz/gui/panels/map.py" line="52" />
   <location filename="cnnviz/gui/panels/map.py" line="80" />
   <source>Map of what it learned</source>
   <translation>Karte des Gelernten</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="87" />
   <location filename="cnnviz/gui/panels/fool.py" line="112" />
   <location filename="cnnviz/gui/panels/registry.py" line="265" />
   <source>Fool the network</source>
   <translation>Das Netz austricksen</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="88" />
   <location filename="cnnviz/gui/panels/registry.py" line="275" />
   <location filename="cnnviz/gui/panels/timelapse.py" line="40" />
   <source>Time-lapse</source>
   <translation>Zeitraffer</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="89" />
   <location filename="cnnviz/gui/panels/statistics.py" line="90" />
   <source>Weight and gradient statistics</source>
   <translation>Gewichts- und Gradientenstatistik</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="198" />
   <source>true \ predicted</source>
   <translation>Ziffer \ Antwort</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="62" />
   <source>n/a</source>
   <translation>k. A.</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="150" />
   <source>Test evaluations</source>
   <translation>Testauswertungen</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="244" />
   <source>Learned kernels</source>
   <translation>Gelernte Kernel</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="244" />
   <source>Red: positive weights, blue: negative, white: zero.</source>
   <translation>Rot: positive Gewichte, Blau: negative, Weiß: null.</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="273" />
   <source>{count} measurements</source>
   <translation>{count} Messungen</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="337" />
   <source>cnnviz training report</source>
   <translation>cnnviz-Trainingsbericht</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="191" />
   <source>Rows: the true digit; columns: what the network answered. {correct:,} of {total:,} test images correct ({share}).</source>
   <translation>Zeilen: die richtige Ziffer; Spalten: die Antwort des Netzes. {correct:,} von {total:,} Testbildern richtig ({share}).</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="273" />
   <source>whole step</source>
   <translation>ganzer Schritt</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="279" />
   <source>Median milliseconds per training step (batch of {batch}).</source>
   <translation>Median in Millisekunden pro Trainingsschritt (Batch von {batch}).</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="338" />
   <source>Created {date} with cnnviz {version}</source>
   <translation>Erstellt am {date} mit cnnviz {version}</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="80" />
   <source>Final test accuracy</source>
   <translation>Testgenauigkeit am Ende</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="90" />
   <source>Best test accuracy</source>
   <translation>Beste Testgenauigkeit</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="96" />
   <source>Final test loss</source>
   <translation>Testverlust am Ende</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="101" />
   <source>Training steps</source>
   <translation>Trainingsschritte</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="152" />
   <source>Test evaluations ({shown} of {count} shown)</source>
   <translation>Testauswertungen ({shown} von {count} gezeigt)</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="156" />
   <location filename="cnnviz/gui/panels/statistics.py" line="115" />
   <source>step</source>
   <translation>Schritt</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="156" />
   <location filename="cnnviz/classroom/report_curves.py" line="155" />
   <location filename="cnnviz/classroom/report_curves.py" line="162" />
   <source>epoch</source>
   <translation>Epoche</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="156" />
   <location filename="cnnviz/classroom/report_curves.py" line="70" />
   <source>test loss</source>
   <translation>Testverlust</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="156" />
   <location filename="cnnviz/classroom/report_curves.py" line="72" />
   <source>test accuracy</source>
   <translation>Testgenauigkeit</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="156" />
   <location filename="cnnviz/gui/exports.py" line="167" />
   <source>test images</source>
   <translation>Testbilder</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="200" />
   <location filename="cnnviz/gui/panels/mistakes.py" line="109" />
   <source>Confusion matrix</source>
   <translation>Konfusionsmatrix</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="202" />
   <location filename="cnnviz/gui/palette.py" line="125" />
   <source>correct</source>
   <translation>richtig</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="242" />
   <source>kernels of {layer}</source>
   <translation>Kernel von {layer}</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="280" />
   <location filename="cnnviz/gui/panels/timelapse.py" line="56" />
   <source>layer</source>
   <translation>Schicht</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="282" />
   <source>forward ms</source>
   <translation>vorwärts ms</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="282" />
   <source>backward ms</source>
   <translation>rückwärts ms</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="282" />
   <source>share of step</source>
   <translation>Anteil am Schritt</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="285" />
   <source>Where the time goes</source>
   <translation>Wo die Zeit bleibt</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="123" />
   <source>Speed</source>
   <translation>Tempo</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="130" />
   <source>No training steps were recorded.</source>
   <translation>Es wurden keine Trainingsschritte aufgezeichnet.</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="349" />
   <source>Summary</source>
   <translation>Zusammenfassung</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="81" />
   <source>{accuracy} on {images:,} images (step {step:,})</source>
   <translation>{accuracy} auf {images:,} Bildern (Schritt {step:,})</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="91" />
   <source>{accuracy} (step {step:,})</source>
   <translation>{accuracy} (Schritt {step:,})</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="102" />
   <source>{steps:,} (epoch {epoch:.2f})</source>
   <translation>{steps:,} (Epoche {epoch:.2f})</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="109" />
   <source>Training loss (last {count} steps)</source>
   <translation>Trainingsverlust (letzte {count} Schritte)</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="115" />
   <source>Batch accuracy (last {count} steps)</source>
   <translation>Batch-Genauigkeit (letzte {count} Schritte)</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="185" />
   <source>{true} read as {predicted} ({count}×)</source>
   <translation>{true} als {predicted} gelesen ({count}×)</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="351" />
   <source>Settings</source>
   <translation>Einstellungen</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="124" />
   <source>{speed:,.0f} images/s (median) on {backend}</source>
   <translation>{speed:,.0f} Bilder/s (Median) mit {backend}</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="187" />
   <source>Most frequent mistakes: {listed}.</source>
   <translation>Häufigste Fehler: {listed}.</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="237" />
   <source>{layer}: {count} kernels {height}×{width}, input channel 0 of {channels}</source>
   <translation>{layer}: {count} Kernel {height}×{width}, Eingangskanal 0 von {channels}</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="239" />
   <source>{layer}: {count} kernels {height}×{width}</source>
   <translation>{layer}: {count} Kernel {height}×{width}</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="167" />
   <source>Compared with a kept run</source>
   <translation>Vergleich mit einem behaltenen Lauf</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="86" />
   <source>Loss</source>
   <translation>Verlust</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="87" />
   <location filename="cnnviz/classroom/report_curves.py" line="94" />
   <source>training step</source>
   <translation>Trainingsschritt</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="88" />
   <location filename="cnnviz/classroom/report_curves.py" line="156" />
   <source>cross-entropy loss</source>
   <translation>Kreuzentropie-Verlust</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="93" />
   <source>Accuracy</source>
   <translation>Genauigkeit</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="95" />
   <location filename="cnnviz/classroom/report_curves.py" line="163" />
   <source>accuracy (%)</source>
   <translation>Genauigkeit (%)</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="154" />
   <source>Loss, both runs</source>
   <translation>Verlust, beide Läufe</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="161" />
   <source>Accuracy, both runs</source>
   <translation>Genauigkeit, beide Läufe</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="53" />
   <source>training loss (per batch)</source>
   <translation>Trainingsverlust (pro Batch)</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="98" />
   <source>Learning curves</source>
   <translation>Lernkurven</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="111" />
   <source>kept run: training loss (smoothed)</source>
   <translation>behaltener Lauf: Trainingsverlust (geglättet)</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="113" />
   <source>kept run: training accuracy (smoothed)</source>
   <translation>behaltener Lauf: Trainingsgenauigkeit (geglättet)</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="116" />
   <source>kept run: test loss</source>
   <translation>behaltener Lauf: Testverlust</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="118" />
   <source>kept run: test accuracy</source>
   <translation>behaltener Lauf: Testgenauigkeit</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="143" />
   <source>this run: test loss</source>
   <translation>dieser Lauf: Testverlust</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="147" />
   <source>this run: test accuracy</source>
   <translation>dieser Lauf: Testgenauigkeit</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="55" />
   <source>training loss (average of {count})</source>
   <translation>Trainingsverlust (Mittel über {count})</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="63" />
   <source>training batch accuracy (average of {count})</source>
   <translation>Batch-Genauigkeit im Training (Mittel über {count})</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="126" />
   <source>this run: training loss (average of {count})</source>
   <translation>dieser Lauf: Trainingsverlust (Mittel über {count})</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="134" />
   <source>this run: training accuracy (average of {count})</source>
   <translation>dieser Lauf: Trainingsgenauigkeit (Mittel über {count})</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="157" />
   <source>"Not sure"</source>
   <translation>„Nicht sicher“</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="46" />
   <source>What each filter of the classes wants to see</source>
   <translation>Was jede Klasse sehen will</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="56" />
   <source>the classes' filters</source>
   <translation>Filter der Klassen</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="51" />
   <source>Each row: the test images that excite the unit most, then the input optimised to excite it (weights of step {step:,}).</source>
   <translation>Jede Zeile: die Testbilder, die die Einheit am stärksten anregen, dann die Eingabe, die darauf optimiert wurde, sie anzuregen (Gewichte von Schritt {step:,}).</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="98" />
   <source>map of {count} test images</source>
   <translation>Karte von {count} Testbildern</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="105" />
   <source>{count:,} test images placed by the layer before the answer (PCA: the two directions it spreads most along, {percent:.0f}% of the spread; weights of step {step:,}). Close dots: images the network sees as alike.</source>
   <translation>{count:,} Testbilder, angeordnet nach der Schicht vor der Antwort (PCA: die zwei Richtungen, in die sie am meisten streut, {percent:.0f} % der Streuung; Gewichte von Schritt {step:,}). Nahe Punkte: Bilder, die das Netz für ähnlich hält.</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="130" />
   <source>the original</source>
   <translation>das Original</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="131" />
   <source>the change</source>
   <translation>die Änderung</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="132" />
   <source>the fooled input</source>
   <translation>die täuschende Eingabe</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="149" />
   <source>The Draw panel says "not sure" when an input's {method} score is above {threshold:.3g}: calibrated on {images:,} held-out test images, of which {percent:.1f}% are at or under it (accepted).</source>
   <translation>Die Ansicht Zeichnen sagt „nicht sicher“, wenn der {method}-Wert einer Eingabe über {threshold:.3g} liegt: kalibriert an {images:,} zurückgehaltenen Testbildern, von denen {percent:.1f} % darunter oder genau darauf liegen (akzeptiert).</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="48" />
   <source>What each filter of {layer} wants to see</source>
   <translation>Was jeder Filter von {layer} sehen will</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="56" />
   <source>{layer} filters</source>
   <translation>Filter von {layer}</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="112" />
   <source>A map of what it learned</source>
   <translation>Eine Karte des Gelernten</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="141" />
   <source>Fooling the network</source>
   <translation>Das Netz täuschen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="171" />
   <source>scroll left</source>
   <translation>nach links blättern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="172" />
   <source>scroll right</source>
   <translation>nach rechts blättern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="173" />
   <source>scroll up</source>
   <translation>nach oben blättern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="174" />
   <source>scroll down</source>
   <translation>nach unten blättern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="178" />
   <source>picture</source>
   <translation>Bild</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="178" />
   <source>{title} picture</source>
   <translation>{title}: Bild</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="179" />
   <source>list</source>
   <translation>Liste</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="179" />
   <source>{title} list</source>
   <translation>{title}: Liste</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="180" />
   <source>tabs</source>
   <translation>Reiter</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="180" />
   <source>{title} tabs</source>
   <translation>{title}: Reiter</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="181" />
   <source>choice</source>
   <translation>Auswahl</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="181" />
   <source>{title} choice</source>
   <translation>{title}: Auswahl</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="182" />
   <source>number</source>
   <translation>Zahl</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="182" />
   <source>{title} number</source>
   <translation>{title}: Zahl</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="183" />
   <source>text field</source>
   <translation>Textfeld</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="183" />
   <source>{title} text field</source>
   <translation>{title}: Textfeld</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="184" />
   <source>slider</source>
   <translation>Schieberegler</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="184" />
   <source>{title} slider</source>
   <translation>{title}: Schieberegler</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="185" />
   <source>button</source>
   <translation>Schaltfläche</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="185" />
   <source>{title} button</source>
   <translation>{title}: Schaltfläche</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="197" />
   <source>More menus</source>
   <translation>Weitere Menüs</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="226" />
   <source>predicted {name}, {percent}% sure</source>
   <translation>erkannt: {name}, zu {percent} % sicher</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="263" />
   <source>Training stopped, test accuracy {percent}%</source>
   <translation>Training gestoppt, Testgenauigkeit {percent} %</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="265" />
   <source>Training finished, test accuracy {percent}%</source>
   <translation>Training beendet, Testgenauigkeit {percent} %</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="248" />
   <source>Training paused</source>
   <translation>Training angehalten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="250" />
   <source>Training resumed</source>
   <translation>Training fortgesetzt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="296" />
   <source>Views</source>
   <translation>Ansichten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="296" />
   <source>The pictures of the network: one tab each</source>
   <translation>Die Bilder des Netzes: je ein Reiter</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="245" />
   <source>Training started on {backend}</source>
   <translation>Training gestartet auf {backend}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="253" />
   <source>Test accuracy {percent}% at step {step}</source>
   <translation>Testgenauigkeit {percent} % bei Schritt {step}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="257" />
   <location filename="cnnviz/gui/router.py" line="192" />
   <source>Training diverged: {message}</source>
   <translation>Das Training ist divergiert: {message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="261" />
   <source>Training stopped</source>
   <translation>Training gestoppt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="261" />
   <source>Training finished</source>
   <translation>Training beendet</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/background_warm_up.py" line="99" />
   <source>The numba kernels compile in the background, so that Start is quick; Start now compiles the rest.</source>
   <translation>Die numba-Kernel werden im Hintergrund kompiliert, damit Start schnell geht; Start kompiliert jetzt den Rest.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="86" />
   <source>Draw a digit with the mouse, a pen or a finger. C clears. Right-click or drop a file to classify a photo.</source>
   <translation>Zeichne eine Ziffer mit Maus, Stift oder Finger. C löscht. Rechtsklick oder Datei hierher ziehen, um ein Foto zu erkennen.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="252" />
   <location filename="cnnviz/gui/menus.py" line="40" />
   <source>Open image…</source>
   <translation>Bild öffnen…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="253" />
   <location filename="cnnviz/gui/panels/classify.py" line="58" />
   <source>Clear</source>
   <translation>Löschen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="308" />
   <source>draw a digit here</source>
   <translation>hier eine Ziffer zeichnen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="344" />
   <source>photo · draw to start over</source>
   <translation>Foto · zeichnen, um neu anzufangen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="342" />
   <source>photo: {name} · draw to start over</source>
   <translation>Foto: {name} · zeichnen, um neu anzufangen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="39" />
   <source>cnnviz checkpoint</source>
   <translation>cnnviz-Checkpoint</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="282" />
   <source>Save the trained model?</source>
   <translation>Das trainierte Modell speichern?</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="290" />
   <source>Discard deletes it, its autosave too.</source>
   <translation>Verwerfen löscht es, auch seine automatische Sicherung.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="144" />
   <source>Save model</source>
   <translation>Modell speichern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="148" />
   <source>Load model</source>
   <translation>Modell laden</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="179" />
   <source>There is no model to save yet.</source>
   <translation>Es gibt noch kein Modell zum Speichern.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="246" />
   <location filename="cnnviz/gui/questions.py" line="71" />
   <source>closing</source>
   <translation>schließen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="266" />
   <source>The model was trained for one step and is not saved.</source>
   <translation>Das Modell wurde einen Schritt trainiert und ist nicht gespeichert.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="273" />
   <source>The model was trained for {step} steps, {accuracy}% on the test images, and is not saved.</source>
   <translation>Das Modell wurde {step} Schritte trainiert ({accuracy} % auf den Testbildern) und ist nicht gespeichert.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="340" />
   <source>Start continues training from these weights.</source>
   <translation>Start trainiert mit diesen Gewichten weiter.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="413" />
   <source>Restored the autosaved run ({run}, {when}).</source>
   <translation>Automatisch gesicherten Lauf wiederhergestellt ({run}, {when}).</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="193" />
   <location filename="cnnviz/gui/checkpoints.py" line="218" />
   <source>Saved the weights of step {step} to {path}</source>
   <translation>Gewichte von Schritt {step} gespeichert in {path}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="224" />
   <source>Could not save the model: {error}</source>
   <translation>Das Modell konnte nicht gespeichert werden: {error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="267" />
   <source>The model was trained for {step} steps and is not saved.</source>
   <translation>Das Modell wurde {step} Schritte trainiert und ist nicht gespeichert.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="270" />
   <source>The model was trained for one step, {accuracy}% on the test images, and is not saved.</source>
   <translation>Das Modell wurde einen Schritt trainiert ({accuracy} % auf den Testbildern) und ist nicht gespeichert.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="283" />
   <source>{describe_unsaved}
Save it before {what}?</source>
   <translation>{describe_unsaved}
Zuerst speichern, dann {what}?</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="304" />
   <source>Loading {name}…</source>
   <translation>Lade {name}…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="338" />
   <source>Loaded {name} (network {spec}).</source>
   <translation>{name} geladen (Netz {spec}).</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="184" />
   <source>Saving the model to {path}…</source>
   <translation>Speichere das Modell in {path}…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="318" />
   <source>loading {name}</source>
   <translation>{name} laden</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="328" />
   <source>Could not load the model: its network {spec!r} is not valid here</source>
   <translation>Das Modell konnte nicht geladen werden: Sein Netz {spec!r} ist hier nicht gültig</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="433" />
   <source>Could not restore the autosave {path}: {error}</source>
   <translation>Die Sicherung {path} konnte nicht wiederhergestellt werden: {error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="189" />
   <source>Could not save the model: {exc}</source>
   <translation>Das Modell konnte nicht gespeichert werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="207" />
   <source>Autosaved the model (step {step:,})</source>
   <translation>Modell automatisch gesichert (Schritt {step:,})</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="210" />
   <source>Could not autosave the model to {path}: {error}</source>
   <translation>Das Modell konnte nicht automatisch in {path} gesichert werden: {error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="310" />
   <source>Could not load the model: {error}</source>
   <translation>Das Modell konnte nicht geladen werden: {error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="342" />
   <source>Note: {note}.</source>
   <translation>Hinweis: {note}.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="400" />
   <source>Could not delete the autosave {path}: {exc}</source>
   <translation>Die Sicherung {path} konnte nicht gelöscht werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="74" />
   <location filename="cnnviz/gui/class_canvas.py" line="126" />
   <location filename="cnnviz/gui/class_canvas.py" line="133" />
   <source>Class canvas</source>
   <translation>Klassen-Zeichenfläche</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="130" />
   <source>Open the class canvas: phones on the classroom network draw for the network</source>
   <translation>Klassen-Zeichenfläche öffnen: Handys im Klassennetz zeichnen für das Netz</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="133" />
   <location filename="cnnviz/gui/class_canvas.py" line="134" />
   <location filename="cnnviz/gui/class_canvas_column.py" line="157" />
   <source>End class canvas</source>
   <translation>Klassen-Zeichenfläche beenden</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="159" />
   <source>This computer only (127.0.0.1)</source>
   <translation>Nur dieser Rechner (127.0.0.1)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="263" />
   <source>1 phone so far</source>
   <translation>Bisher 1 Handy</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="422" />
   <source>Save our drawings in a folder</source>
   <translation>Unsere Zeichnungen in einem Ordner speichern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="468" />
   <source>no drawings held back, so its test is the drawings it learns from (hold some back with H)</source>
   <translation>keine Zeichnungen zurückgehalten, also testet es auf den Zeichnungen, aus denen es lernt (halte einige mit H zurück)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="165" />
   <source>No network found: connect this computer to the classroom Wi-Fi or turn on its hotspot, then choose the network here. Only this computer can reach the canvas now.</source>
   <translation>Kein Netzwerk gefunden: Verbinde diesen Rechner mit dem WLAN der Klasse oder schalte seinen Hotspot ein und wähle dann hier das Netzwerk. Im Moment erreicht nur dieser Rechner die Zeichenfläche.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="311" />
   <source>A drawing without a label waits: the phone did not say which it is</source>
   <translation>Eine Zeichnung ohne Angabe wartet: Das Handy hat nicht gesagt, was sie zeigt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="354" />
   <source>Type a name first.</source>
   <translation>Gib zuerst einen Namen ein.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="370" />
   <source>Choose a class in the list first.</source>
   <translation>Wähle zuerst eine Klasse in der Liste.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="404" />
   <source>Draw one of our classes and say which</source>
   <translation>Zeichne eine unserer Klassen und sag, welche</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="412" />
   <source>Name at least 2 classes: the phones then draw them instead of digits.</source>
   <translation>Benenne mindestens 2 Klassen: Die Handys zeichnen dann diese statt Ziffern.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="457" />
   <source>Learning our {count} classes</source>
   <translation>Lernen unserer {count} Klassen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="263" />
   <source>{count} phones so far</source>
   <translation>Bisher {count} Handys</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="294" />
   <source>{count} waiting for you</source>
   <translation>{count} warten auf dich</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="388" />
   <source>Give 2 to 10 different names.</source>
   <translation>Gib 2 bis 10 verschiedene Namen an.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="437" />
   <source>Saved {count} drawings of {names} in {folder}.</source>
   <translation>{count} Zeichnungen von {names} in {folder} gespeichert.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="466" />
   <source>its test: the {count} drawings held back</source>
   <translation>sein Test: die {count} zurückgehaltenen Zeichnungen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="471" />
   <source>A new tiny network learns {names} from scratch on {count} accepted drawings; {test}.</source>
   <translation>Ein neues winziges Netz lernt {names} von Grund auf aus {count} angenommenen Zeichnungen; {test}.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="289" />
   <source>from phone {phone}</source>
   <translation>von Handy {phone}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="357" />
   <source>{name} is named already.</source>
   <translation>{name} ist schon benannt.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="360" />
   <source>At most {count} classes.</source>
   <translation>Höchstens {count} Klassen.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="376" />
   <source>Drawings of {name} or of a class after it are on the wall or accepted: it stays.</source>
   <translation>Zeichnungen von {name} oder einer Klasse danach warten oder sind angenommen: Sie bleibt.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="415" />
   <source>The phones draw {names}. Accept at least {least} drawings of each, then train.</source>
   <translation>Die Handys zeichnen {names}. Nimm mindestens {least} Zeichnungen von jeder an, dann trainiere.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="184" />
   <source>The class canvas could not start: {error}</source>
   <translation>Die Klassen-Zeichenfläche konnte nicht starten: {error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="434" />
   <source>Could not save the drawings: {error}</source>
   <translation>Die Zeichnungen konnten nicht gespeichert werden: {error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_answers.py" line="126" />
   <source>Our test set: {right} of {count} right · MNIST: {mnist}</source>
   <translation>Unser Testsatz: {right} von {count} richtig · MNIST: {mnist}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_answers.py" line="110" />
   <source>Our test set: none held back yet · MNIST: {mnist}</source>
   <translation>Unser Testsatz: noch keine aufgehoben · MNIST: {mnist}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_answers.py" line="118" />
   <source>Our test set: {count} held back; this network does not know our classes yet</source>
   <translation>Unser Testsatz: {count} aufgehoben; dieses Netz kennt unsere Klassen noch nicht</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="63" />
   <source>QR code of the class canvas's address</source>
   <translation>QR-Code der Adresse der Klassen-Zeichenfläche</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="69" />
   <source>The network the phones are on</source>
   <translation>Das Netzwerk, in dem die Handys sind</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="75" />
   <source>What the phones ask for</source>
   <translation>Worum die Handys bitten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="76" />
   <source>Draw any digit and say which</source>
   <translation>Zeichne eine beliebige Ziffer und sag, welche</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="82" />
   <source>Our own classes…</source>
   <translation>Unsere eigenen Klassen…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="84" />
   <source>Name 2 to 10 classes of your own (circle, triangle, star...): the phones draw them and a new small network learns them from scratch</source>
   <translation>Benennt 2 bis 10 eigene Klassen (Kreis, Dreieck, Stern …): Die Handys zeichnen sie, und ein neues kleines Netz lernt sie von Grund auf</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="96" />
   <source>A class's name, e.g. circle</source>
   <translation>Name einer Klasse, z. B. Kreis</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="98" />
   <source>A class's name</source>
   <translation>Name einer Klasse</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="99" />
   <source>Add</source>
   <translation>Hinzufügen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="101" />
   <source>Remove</source>
   <translation>Entfernen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="108" />
   <source>Our own classes</source>
   <translation>Unsere eigenen Klassen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="109" />
   <source>Save our drawings…</source>
   <translation>Unsere Zeichnungen speichern…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="111" />
   <source>The accepted drawings of our classes, with the classes' names, into a folder (those held back in its our-test folder); nothing is saved otherwise</source>
   <translation>Die angenommenen Zeichnungen unserer Klassen mit den Namen der Klassen in einen Ordner (die zurückgehaltenen in seinen Ordner our-test); sonst wird nichts gespeichert</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="129" />
   <source>Train a new net on our classes</source>
   <translation>Neues Netz auf unsere Klassen trainieren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="132" />
   <source>A new tiny network learns our classes from scratch, from the accepted drawings only (those held back are its test)</source>
   <translation>Ein neues winziges Netz lernt unsere Klassen von Grund auf, nur aus den angenommenen Zeichnungen (die zurückgehaltenen sind sein Test)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="148" />
   <source>Drawings waiting for the teacher</source>
   <translation>Zeichnungen, die auf die Lehrkraft warten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="150" />
   <source>Accept (A)</source>
   <translation>Annehmen (A)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="152" />
   <source>Our test (H)</source>
   <translation>Unser Test (H)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="153" />
   <source>Accept it into the class's own test set: never trained on</source>
   <translation>In den eigenen Testsatz der Klasse aufnehmen: nie zum Trainieren verwendet</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="154" />
   <source>Reject (R)</source>
   <translation>Ablehnen (R)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="155" />
   <source>Reject everything from this phone</source>
   <translation>Alles von diesem Handy ablehnen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="78" />
   <source>Draw a {digit}</source>
   <translation>Zeichne eine {digit}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/comparison.py" line="57" />
   <source>Kept this run for comparison (grey, dashed). Change a setting and press Start: the new run starts from the same random weights.</source>
   <translation>Dieser Lauf bleibt zum Vergleich (grau, gestrichelt). Ändere eine Einstellung und drücke Start: Der neue Lauf beginnt mit denselben Zufallsgewichten.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/comparison.py" line="84" />
   <location filename="cnnviz/gui/menus.py" line="49" />
   <source>Compare with a saved model…</source>
   <translation>Mit gespeichertem Modell vergleichen…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/comparison.py" line="53" />
   <source>Nothing to keep yet: {exc}.</source>
   <translation>Noch nichts zu behalten: {exc}.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/comparison.py" line="72" />
   <source>Cannot compare with this file: {exc}</source>
   <translation>Mit dieser Datei kann nicht verglichen werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="22" />
   <source>Images</source>
   <translation>Bilder</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="115" />
   <source>Open an image of a digit</source>
   <translation>Bild einer Ziffer öffnen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="159" />
   <source>Draw a digit on the pad first, then click which digit it is.</source>
   <translation>Zeichne zuerst eine Ziffer auf die Fläche und klicke dann, welche Ziffer es ist.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="164" />
   <source>An opened photo is shown: the class drawings keep drawings made on the pad. Draw the digit on the pad, then click which digit it is.</source>
   <translation>Ein geöffnetes Foto wird gezeigt: Die Klassenzeichnungen speichern nur Zeichnungen von der Fläche. Zeichne die Ziffer und klicke dann, welche es ist.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="183" />
   <source>No data set is loaded.</source>
   <translation>Kein Datensatz geladen.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="186" />
   <source>Fine-tuning on drawings needs the MNIST digits data set.</source>
   <translation>Nachtrainieren mit Zeichnungen braucht den MNIST-Ziffern-Datensatz.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="196" />
   <source>Fine-tuning on {count} class drawings</source>
   <translation>Nachtrainieren mit {count} Klassenzeichnungen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="94" />
   <source>untrained weights</source>
   <translation>untrainierte Gewichte</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="141" />
   <source>Opened {name}: the network gets it as the 28×28 input beside the canvas. Draw on the canvas (or press C) to draw again.</source>
   <translation>{name} geöffnet: Das Netz bekommt es als 28×28-Eingabe neben der Zeichenfläche. Zeichne (oder drücke C), um wieder zu zeichnen.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="152" />
   <source>Cannot open this image: {why}</source>
   <translation>Dieses Bild lässt sich nicht öffnen: {why}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="208" />
   <source>{label}: one pass over {count:,} images, {mnist:,} of them MNIST digits (so that it keeps reading MNIST) and the drawings repeated to make up the rest, from the current weights. Class drawings shows the drawings' accuracy before and after, apart from MNIST's (the MNIST test accuracy is on MNIST's own test images).</source>
   <translation>{label}: ein Durchgang über {count:,} Bilder, davon {mnist:,} MNIST-Ziffern (damit es MNIST weiter lesen kann), der Rest wiederholte Zeichnungen, ab den aktuellen Gewichten. Klassenzeichnungen zeigt die Genauigkeit der Zeichnungen vorher und nachher, getrennt von MNIST (die MNIST-Testgenauigkeit gilt für MNISTs eigene Testbilder).</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="94" />
   <source>weights of step {step}</source>
   <translation>Gewichte von Schritt {step}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="194" />
   <source>Cannot fine-tune: {exc}</source>
   <translation>Nachtrainieren nicht möglich: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="28" />
   <source>Could not export the metrics: {exc}</source>
   <translation>Die Messwerte konnten nicht exportiert werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="28" />
   <source>Saved the metrics to {path}</source>
   <translation>Messwerte in {path} gespeichert</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="29" />
   <source>Could not export the timings: {exc}</source>
   <translation>Die Zeiten konnten nicht exportiert werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="29" />
   <source>Saved the timings to {path}</source>
   <translation>Zeiten in {path} gespeichert</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="30" />
   <source>Could not export the report: {exc}</source>
   <translation>Der Bericht konnte nicht exportiert werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="30" />
   <source>Saved the report to {path}</source>
   <translation>Bericht in {path} gespeichert</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="62" />
   <location filename="cnnviz/gui/menus.py" line="32" />
   <source>Export panel as PNG</source>
   <translation>Ansicht als PNG exportieren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="150" />
   <source>network</source>
   <translation>Netz</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="151" />
   <source>data set</source>
   <translation>Datensatz</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="153" />
   <source>optimizer</source>
   <translation>Optimierer</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="154" />
   <source>learning rate</source>
   <translation>Lernrate</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="156" />
   <source>batch size</source>
   <translation>Batchgröße</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="228" />
   <source>Export metrics</source>
   <translation>Messwerte exportieren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="236" />
   <source>Export per-layer timings</source>
   <translation>Zeiten pro Schicht exportieren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="244" />
   <source>Export HTML report</source>
   <translation>HTML-Bericht exportieren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="162" />
   <source>parameters</source>
   <translation>Parameter</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="165" />
   <source>training images</source>
   <translation>Trainingsbilder</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="169" />
   <source>steps trained</source>
   <translation>trainierte Schritte</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="173" />
   <source>accuracy on the class's drawings</source>
   <translation>Genauigkeit bei den Zeichnungen der Klasse</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="57" />
   <source>Saved {path}</source>
   <translation>{path} gespeichert</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="55" />
   <source>Could not export the panel: {exc}</source>
   <translation>Die Ansicht konnte nicht exportiert werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="194" />
   <source>Kept run ({source}): {description}</source>
   <translation>Behaltener Lauf ({source}): {description}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="68" />
   <source>Open recent</source>
   <translation>Zuletzt geöffnet</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="70" />
   <source>&amp;Help</source>
   <translation>&amp;Hilfe</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="71" />
   <source>About cnnviz…</source>
   <translation>Über cnnviz…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="72" />
   <source>Documentation…</source>
   <translation>Dokumentation…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="73" />
   <source>Copy system info</source>
   <translation>Systeminformationen kopieren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="75" />
   <source>Versions, backends, screen and folders, to paste into a message when asking for help</source>
   <translation>Versionen, Backends, Bildschirm und Ordner, zum Einfügen in eine Nachricht, wenn Sie um Hilfe bitten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="82" />
   <source>Models</source>
   <translation>Modelle</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="82" />
   <source>Lessons</source>
   <translation>Lektionen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="82" />
   <source>Compared runs</source>
   <translation>Verglichene Läufe</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="109" />
   <source>System info copied: paste it into your message.</source>
   <translation>Systeminformationen kopiert: Fügen Sie sie in Ihre Nachricht ein.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="113" />
   <source>About cnnviz</source>
   <translation>Über cnnviz</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="125" />
   <source>Documentation</source>
   <translation>Dokumentation</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="101" />
   <source>Clear the list</source>
   <translation>Liste leeren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="49" />
   <source>Watch a convolutional network learn, live.</source>
   <translation>Sehen Sie einem Faltungsnetz live beim Lernen zu.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="126" />
   <source>The documentation (the docs folder and README.md) is in the release's source archive, cnnviz-{version}.tar.gz, beside the file you installed cnnviz from.</source>
   <translation>Die Dokumentation (der Ordner docs und README.md) steht im Quellarchiv der Veröffentlichung, cnnviz-{version}.tar.gz, neben der Datei, aus der Sie cnnviz installiert haben.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="98" />
   <source>(nothing opened yet)</source>
   <translation>(noch nichts geöffnet)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="56" />
   <source>Log file: {path}</source>
   <translation>Protokolldatei: {path}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="56" />
   <source>none</source>
   <translation>keine</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="54" />
   <source>Models are saved in: {folder}</source>
   <translation>Modelle werden gespeichert in: {folder}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/language.py" line="222" />
   <source>All files</source>
   <translation>Alle Dateien</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/language.py" line="224" />
   <source>PNG image</source>
   <translation>PNG-Bild</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/language.py" line="294" />
   <source>This is the language shown now.</source>
   <translation>Das ist die Sprache, die gerade angezeigt wird.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="57" />
   <source>The previous step</source>
   <translation>Der vorherige Schritt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="58" />
   <source>Next ▶</source>
   <translation>Weiter ▶</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="59" />
   <source>The next step</source>
   <translation>Der nächste Schritt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="60" />
   <source>Lesson view</source>
   <translation>Lektionsansicht</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="63" />
   <location filename="cnnviz/gui/lesson_strip.py" line="207" />
   <source>Hide the text (the title stays)</source>
   <translation>Text ausblenden (der Titel bleibt)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="65" />
   <source>Close the lesson: the settings, panels and mode from before it come back</source>
   <translation>Lektion schließen: Einstellungen, Ansichten und Modus von vorher kommen zurück</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="151" />
   <source>The lesson's suggested view: presenter mode, only {views}. Click again for every panel.</source>
   <translation>Die vorgeschlagene Ansicht der Lektion: Präsentationsmodus, nur {views}. Noch einmal klicken für alle Ansichten.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="153" />
   <source>The lesson's suggested view: only {views}. Click again for every panel.</source>
   <translation>Die vorgeschlagene Ansicht der Lektion: nur {views}. Noch einmal klicken für alle Ansichten.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="207" />
   <source>Show the text</source>
   <translation>Text zeigen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="147" />
   <source>Lesson: {title}</source>
   <translation>Lektion: {title}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="169" />
   <source>step {page} of {last}</source>
   <translation>Schritt {page} von {last}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="171" />
   <source>{last} steps</source>
   <translation>{last} Schritte</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="269" />
   <source>Applying…</source>
   <translation>Wird angewendet…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="338" />
   <source>Open a lesson preset</source>
   <translation>Lektion öffnen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="228" />
   <source>Kept the lesson's run for comparison (grey, dashed); the run from before the lesson is back.</source>
   <translation>Der Lauf der Lektion bleibt zum Vergleich (grau, gestrichelt); der Lauf von vor der Lektion ist zurück.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="240" />
   <source>close the lesson</source>
   <translation>die Lektion schließen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="340" />
   <source>Lesson preset</source>
   <translation>Lektion</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="150" />
   <source>load the lesson “{title}”</source>
   <translation>die Lektion „{title}“ laden</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="351" />
   <source>Cannot use this lesson file: {exc}</source>
   <translation>Diese Lektionsdatei ist nicht verwendbar: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/live_view.py" line="142" />
   <source>Cannot compute the feature maps: {exc}</source>
   <translation>Die Merkmalskarten lassen sich nicht berechnen: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="31" />
   <source>&amp;File</source>
   <translation>&amp;Datei</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="35" />
   <source>Whole window</source>
   <translation>Ganzes Fenster</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="36" />
   <source>Export metrics as CSV…</source>
   <translation>Messwerte als CSV exportieren…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="37" />
   <source>Export per-layer timings as CSV…</source>
   <translation>Zeiten pro Schicht als CSV exportieren…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="38" />
   <source>Export HTML report…</source>
   <translation>HTML-Bericht exportieren…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="41" />
   <source>Classify a photo or scan of a digit (it shows on the drawing canvas)</source>
   <translation>Foto oder Scan einer Ziffer erkennen (erscheint auf der Zeichenfläche)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="43" />
   <source>Save model…</source>
   <translation>Modell speichern…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="44" />
   <source>Load model…</source>
   <translation>Modell laden…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="50" />
   <source>Stop comparing</source>
   <translation>Vergleich beenden</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="54" />
   <source>Quit</source>
   <translation>Beenden</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="59" />
   <source>&amp;View</source>
   <translation>&amp;Ansicht</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="60" />
   <source>Presenter mode (fewer, bigger pictures, full screen)</source>
   <translation>Präsentationsmodus (weniger, größere Bilder, Vollbild)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="63" />
   <source>Full screen</source>
   <translation>Vollbild</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="67" />
   <source>Zoom in</source>
   <translation>Vergrößern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="68" />
   <source>Zoom out</source>
   <translation>Verkleinern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="69" />
   <source>Actual size</source>
   <translation>Originalgröße</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="81" />
   <source>Show every panel</source>
   <translation>Alle Ansichten zeigen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="83" />
   <source>Language</source>
   <translation>Sprache</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="94" />
   <source>&amp;Lessons</source>
   <translation>&amp;Lektionen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="107" />
   <source>Open a lesson file…</source>
   <translation>Lektionsdatei öffnen…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="109" />
   <location filename="cnnviz/gui/menus.py" line="138" />
   <source>Open class canvas</source>
   <translation>Klassen-Zeichenfläche öffnen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="118" />
   <source>Export this panel as PNG…</source>
   <translation>Diese Ansicht als PNG exportieren…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="47" />
   <source>Keep this run for comparison</source>
   <translation>Diesen Lauf zum Vergleich behalten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="92" />
   <source>Keys…</source>
   <translation>Tasten…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="70" />
   <location filename="cnnviz/gui/menus.py" line="130" />
   <location filename="cnnviz/gui/window.py" line="328" />
   <source>Zoom {level}%</source>
   <translation>Zoom {level} %</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="97" />
   <source>(lesson presets unavailable: {problem})</source>
   <translation>(Lektionen nicht verfügbar: {problem})</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/palette.py" line="126" />
   <source>wrong</source>
   <translation>falsch</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="33" />
   <location filename="cnnviz/gui/panels/registry.py" line="316" />
   <source>Draw and classify</source>
   <translation>Zeichnen und erkennen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="46" />
   <source>Drawing canvas</source>
   <translation>Zeichenfläche</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="47" />
   <source>Draw a digit here with the mouse or a pen; the network classifies it as you draw. C clears it. Drop an image file here, or right-click and Open image, to classify a photo or scan.</source>
   <translation>Zeichne hier eine Ziffer mit Maus oder Stift; das Netz erkennt sie schon beim Zeichnen. C löscht. Ziehe eine Bilddatei hierher oder wähle per Rechtsklick „Bild öffnen“, um ein Foto oder einen Scan zu erkennen.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="59" />
   <source>Clear the drawing (C)</source>
   <translation>Zeichnung löschen (C)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="65" />
   <location filename="cnnviz/gui/panels/classify.py" line="66" />
   <source>Stroke width</source>
   <translation>Strichbreite</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="79" />
   <location filename="cnnviz/gui/panels/feature_maps.py" line="192" />
   <location filename="cnnviz/gui/panels/timelapse.py" line="221" />
   <source>input</source>
   <translation>Eingabe</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="82" />
   <source>What the network gets: your drawing as 28×28 pixels, centred like MNIST</source>
   <translation>Was das Netz bekommt: deine Zeichnung als 28×28 Pixel, zentriert wie bei MNIST</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="88" />
   <source>Network input</source>
   <translation>Eingabe des Netzes</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="89" />
   <source>Your drawing as the 28 by 28 pixels the network gets, centred like MNIST</source>
   <translation>Deine Zeichnung als die 28 mal 28 Pixel, die das Netz bekommt, zentriert wie bei MNIST</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="103" />
   <source>The network's answer: the class with the highest probability</source>
   <translation>Die Antwort des Netzes: die Klasse mit der höchsten Wahrscheinlichkeit</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="111" />
   <source>How sure it is of this answer among its classes: it always picks one of them. Whether the drawing looks like any of them at all is what "not sure" says.</source>
   <translation>Wie sicher es sich dieser Antwort unter seinen Klassen ist: Es wählt immer eine davon. Ob die Zeichnung überhaupt einer davon ähnelt, sagt „nicht sicher“.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="126" />
   <source>Not sure</source>
   <translation>Nicht sicher</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="126" />
   <source>Why the network is not sure of its answer</source>
   <translation>Warum das Netz bei seiner Antwort nicht sicher ist</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="236" />
   <source>{percent}%, but unlike real digits</source>
   <translation>{percent} %, aber anders als echte Ziffern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="236" />
   <source>{percent}%, but unlike real images</source>
   <translation>{percent} %, aber anders als echte Bilder</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="237" />
   <location filename="cnnviz/gui/panels/classify_arrangement.py" line="74" />
   <source>{percent}% among digits</source>
   <translation>{percent} % unter den Ziffern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="237" />
   <location filename="cnnviz/gui/panels/classify_arrangement.py" line="74" />
   <source>{percent}% among its classes</source>
   <translation>{percent} % unter seinen Klassen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="61" />
   <source>stroke</source>
   <translation>Strich</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="165" />
   <source>class</source>
   <translation>Klasse</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="165" />
   <source>digit</source>
   <translation>Ziffer</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="219" />
   <source>draw a digit</source>
   <translation>zeichne eine Ziffer</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="221" />
   <source>no prediction: draw a digit</source>
   <translation>keine Vorhersage: zeichne eine Ziffer</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="207" />
   <source>Not sure: this looks less like any image than {percent}% of real test images do</source>
   <translation>Nicht sicher: Das passt schlechter zu einer Klasse als {percent} % der echten Testbilder</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="210" />
   <source>this looks less like any image than {percent}% of real test images do</source>
   <translation>Das passt schlechter zu einer Klasse als {percent} % der echten Testbilder</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="243" />
   <source>not sure, {prediction}: {reason}</source>
   <translation>nicht sicher, {prediction}: {reason}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="201" />
   <source>Not sure: this looks less like any digit than {percent}% of real test digits do</source>
   <translation>Nicht sicher: Das sieht weniger nach einer Ziffer aus als {percent} % der echten Testziffern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="204" />
   <source>this looks less like any digit than {percent}% of real test digits do</source>
   <translation>Das sieht weniger nach einer Ziffer aus als {percent} % der echten Testziffern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify_bars.py" line="102" />
   <source>Probabilities</source>
   <translation>Wahrscheinlichkeiten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify_bars.py" line="102" />
   <source>One bar per class: how sure the network is</source>
   <translation>Ein Balken pro Klasse: wie sicher das Netz ist</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="23" />
   <source>Open a dataset folder…</source>
   <translation>Datensatz-Ordner öffnen…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="173" />
   <source>a folder with the four MNIST-format IDX files (train-images-idx3-ubyte, train-labels-idx1-ubyte, t10k-..., .gz or not)</source>
   <translation>ein Ordner mit den vier IDX-Dateien im MNIST-Format (train-images-idx3-ubyte, train-labels-idx1-ubyte, t10k-..., mit oder ohne .gz)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="200" />
   <source>Open a folder with MNIST-format IDX files</source>
   <translation>Ordner mit IDX-Dateien im MNIST-Format öffnen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="222" />
   <location filename="cnnviz/gui/panels/presenter_toolbar.py" line="32" />
   <source>Test accuracy at the last evaluation</source>
   <translation>Testgenauigkeit bei der letzten Auswertung</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="208" />
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="96" />
   <source>▶  Resume</source>
   <translation>▶  Fortsetzen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="208" />
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="96" />
   <source>❚❚  Pause</source>
   <translation>❚❚  Pause</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="270" />
   <source>not available here</source>
   <translation>hier nicht verfügbar</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="331" />
   <source>valid: {count} layers</source>
   <translation>gültig: {count} Schichten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="221" />
   <source>at chance level: no better than a guess</source>
   <translation>auf Zufallsniveau: nicht besser als geraten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="221" />
   <source>good</source>
   <translation>gut</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="364" />
   <source>{count} trainable parameters</source>
   <translation>{count} trainierbare Parameter</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="428" />
   <source>The lesson asks for the {wanted} backend, which is not available here ({why}); using {chosen} instead.</source>
   <translation>Die Lektion möchte das Backend {wanted}, das hier nicht verfügbar ist ({why}); stattdessen wird {chosen} verwendet.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="42" />
   <location filename="cnnviz/gui/panels/curves.py" line="101" />
   <source>loss</source>
   <translation>Verlust</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="42" />
   <source>accuracy</source>
   <translation>Genauigkeit</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="27" />
   <source>per step</source>
   <translation>je Schritt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="28" />
   <source>smoothed</source>
   <translation>Trend</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="29" />
   <location filename="cnnviz/gui/panels/curve_titles.py" line="36" />
   <source>test</source>
   <translation>Test</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="35" />
   <source>train</source>
   <translation>Training</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="25" />
   <source>Press Start (or Space) to train: the loss appears here step by step</source>
   <translation>Drücke Start (oder Leertaste) zum Trainieren: Der Verlust erscheint hier Schritt für Schritt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="73" />
   <location filename="cnnviz/gui/panels/curves.py" line="94" />
   <location filename="cnnviz/gui/panels/curves.py" line="294" />
   <source>Training curves</source>
   <translation>Trainingskurven</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="95" />
   <source>Loss (per step, smoothed, test dots) and accuracy (train line, test dots) against epochs</source>
   <translation>Verlust (pro Schritt, geglättet, Testpunkte) und Genauigkeit (Trainingslinie, Testpunkte) über den Epochen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="304" />
   <source>Training curves, with a kept run for comparison</source>
   <translation>Trainingskurven, mit einem behaltenen Lauf zum Vergleich</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="436" />
   <source>test accuracy {accuracies} · {text}</source>
   <translation>Testgenauigkeit {accuracies} · {text}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="297" />
   <source>- - - A, the kept run ({source}): {label}</source>
   <translation>- - - A, der behaltene Lauf ({source}): {label}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="24" />
   <source>not evaluated yet</source>
   <translation>noch nicht ausgewertet</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="115" />
   <source>The class's drawings appear here.</source>
   <translation>Hier erscheinen die Zeichnungen der Klasse.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="43" />
   <source>Our drawings</source>
   <translation>Unsere Zeichnungen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="43" />
   <source>does the network read the class's handwriting?</source>
   <translation>Kann das Netz die Handschrift der Klasse lesen?</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="46" />
   <source>&lt;b&gt;1.&lt;/b&gt; Draw a digit on the drawing pad.  &lt;b&gt;2.&lt;/b&gt; Click the digit you meant: it is saved for the class.</source>
   <translation>&lt;b&gt;1.&lt;/b&gt; Zeichne eine Ziffer auf die Zeichenfläche.  &lt;b&gt;2.&lt;/b&gt; Klicke die gemeinte Ziffer an: Sie wird für die Klasse gespeichert.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="69" />
   <source>who drew it</source>
   <translation>wer es gezeichnet hat</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="73" />
   <source>Fine-tune</source>
   <translation>Nachlernen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="76" />
   <source>Fine-tune on our drawings: train the current network one pass more on MNIST mixed with the class's drawings (a quarter of the images), starting from its current weights</source>
   <translation>Mit unseren Zeichnungen nachtrainieren: das aktuelle Netz einen Durchgang weiter trainieren, mit MNIST gemischt mit den Zeichnungen der Klasse (ein Viertel der Bilder), ab seinen aktuellen Gewichten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="90" />
   <location filename="cnnviz/gui/panels/drawings.py" line="136" />
   <location filename="cnnviz/gui/panels/drawings.py" line="307" />
   <source>our drawings</source>
   <translation>unsere Zeichnungen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="93" />
   <source>the MNIST test set</source>
   <translation>der MNIST-Testsatz</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="118" />
   <source>The class's drawings</source>
   <translation>Zeichnungen der Klasse</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="119" />
   <source>Each drawing with its label, what the network reads and a check mark or a cross</source>
   <translation>Jede Zeichnung mit ihrer Beschriftung, dem, was das Netz liest, und einem Häkchen oder Kreuz</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="127" />
   <source>Open folder</source>
   <translation>Ordner öffnen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="130" />
   <source>Delete selected</source>
   <translation>Auswahl löschen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="131" />
   <source>Remove a scribble or a wrongly labelled drawing</source>
   <translation>Eine Kritzelei oder falsch beschriftete Zeichnung entfernen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="187" />
   <source>{count} drawings · {per_digit} · still missing: {missing}</source>
   <translation>{count} Zeichnungen · {per_digit} · es fehlen noch: {missing}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="189" />
   <source>{count} drawings · {per_digit}</source>
   <translation>{count} Zeichnungen · {per_digit}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="160" />
   <source>Reading the class's drawings…</source>
   <translation>Lese die Zeichnungen der Klasse…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="84" />
   <source>Name (optional)</source>
   <translation>Name (optional)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="155" />
   <source>Saved in {folder}</source>
   <translation>Gespeichert in {folder}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="216" />
   <source>Saved as a {digit} ({count} drawings in {folder})</source>
   <translation>Als {digit} gespeichert ({count} Zeichnungen in {folder})</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="301" />
   <source>Measured on the drawings the network was fine-tuned on: new drawings are the fair test.</source>
   <translation>Gemessen an den Zeichnungen, mit denen nachtrainiert wurde: Neue Zeichnungen sind der faire Test.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="307" />
   <source>our drawings (none yet)</source>
   <translation>noch keine Zeichnungen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="61" />
   <location filename="cnnviz/gui/panels/drawings.py" line="62" />
   <source>Save the drawing as a {digit}</source>
   <translation>Zeichnung als {digit} speichern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="166" />
   <source>Could not read the drawings folder: {error}</source>
   <translation>Der Ordner mit den Zeichnungen konnte nicht gelesen werden: {error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="207" />
   <source>Could not save the drawing: {exc}</source>
   <translation>Die Zeichnung konnte nicht gespeichert werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="292" />
   <source>our drawings ({correct} of {n})</source>
   <translation>unsere Zeichnungen ({correct} von {n})</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="296" />
   <source>our drawings ({correct} of {n}), {before_finetune:.0f}% before fine-tuning</source>
   <translation>unsere Zeichnungen ({correct} von {n}), vor dem Nachtrainieren {before_finetune:.0f} %</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="233" />
   <source>Could not delete the drawing: {exc}</source>
   <translation>Die Zeichnung konnte nicht gelöscht werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="322" />
   <source>labelled {label} by {student}</source>
   <translation>beschriftet als {label}, gezeichnet von {student}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="322" />
   <source>labelled {label}</source>
   <translation>beschriftet als {label}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="333" />
   <source>labelled {label} by {student}; the network reads {answer}, {verdict}</source>
   <translation>beschriftet als {label}, gezeichnet von {student}; das Netz liest {answer}, {verdict}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="335" />
   <source>labelled {label}; the network reads {answer}, {verdict}</source>
   <translation>beschriftet als {label}; das Netz liest {answer}, {verdict}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="46" />
   <source>showing</source>
   <translation>zeigt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="50" />
   <source>The layers shown: when all of them would be too small to see, the panel shows one conv layer with its pooling, or one layer (presenter mode: one layer, big)</source>
   <translation>Die gezeigten Schichten: Wären alle zu klein, zeigt die Ansicht eine Faltungsschicht mit ihrem Pooling oder eine Schicht (Präsentationsmodus: eine Schicht, groß)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="57" />
   <source>Layers shown</source>
   <translation>Gezeigte Schichten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="68" />
   <source>The input image and what each layer makes of it</source>
   <translation>Das Eingabebild und was jede Schicht daraus macht</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="75" />
   <source>Point at a feature-map pixel: what it sees lights up on the input; for conv1 you see the sum that made it.</source>
   <translation>Zeige auf ein Pixel einer Merkmalskarte: Was es sieht, leuchtet in der Eingabe auf; bei conv1 siehst du die Summe dazu.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="300" />
   <source>your drawing</source>
   <translation>deine Zeichnung</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="302" />
   <source>label {label}</source>
   <translation>Label {label}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="308" />
   <source>{source}: the network says {answer}, {percent}% sure</source>
   <translation>{source}: Das Netz sagt {answer}, zu {percent} % sicher</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="312" />
   <source>Feature maps of the weights of step {step}</source>
   <translation>Merkmalskarten der Gewichte von Schritt {step}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="343" />
   <source>{layer} maps 0–{last} of {count}</source>
   <translation>{layer}: Karten 0–{last} von {count}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="345" />
   <source>not shown</source>
   <translation>nicht gezeigt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="204" />
   <source>{count} maps</source>
   <translation>{count} Karten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="97" />
   <source>Finding the test images that excite the {count} classes…</source>
   <translation>Suche die Testbilder, die die {count} Klassen am stärksten anregen…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="99" />
   <source>Finding the test images that excite the {count} filters of {layer}…</source>
   <translation>Suche die Testbilder, die die {count} Filter von {layer} am stärksten anregen…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="165" />
   <location filename="cnnviz/gui/panels/why.py" line="87" />
   <source>on a copy of the latest weights, after each evaluation</source>
   <translation>mit einer Kopie der neuesten Gewichte, nach jeder Auswertung</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="168" />
   <source>Whose units to look at: a conv layer's filters, or the output classes</source>
   <translation>Welche Einheiten: die Filter einer Faltungsschicht oder die Ausgabeklassen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="169" />
   <location filename="cnnviz/gui/panels/filters.py" line="170" />
   <source>Layer</source>
   <translation>Schicht</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="174" />
   <source>Filters status</source>
   <translation>Status der Filter</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="181" />
   <location filename="cnnviz/gui/panels/registry.py" line="249" />
   <source>Filters</source>
   <translation>Filter</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="181" />
   <source>For each unit, its top test images beside the input optimised to excite it</source>
   <translation>Für jede Einheit die Testbilder, die sie am stärksten anregen, neben der dafür optimierten Eingabe</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="288" />
   <source>Looking into {layer} with the weights of step {step}…</source>
   <translation>Blick in {layer} mit den Gewichten von Schritt {step}…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="359" />
   <source>&lt;b&gt;The {count} classes&lt;/b&gt; with the weights of step {step} (computed in {seconds} s)</source>
   <translation>&lt;b&gt;Die {count} Klassen&lt;/b&gt; mit den Gewichten von Schritt {step} (berechnet in {seconds} s)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="361" />
   <source>&lt;b&gt;The {count} filters of {layer}&lt;/b&gt; with the weights of step {step} (computed in {seconds} s)</source>
   <translation>&lt;b&gt;Die {count} Filter von {layer}&lt;/b&gt; mit den Gewichten von Schritt {step} (berechnet in {seconds} s)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="384" />
   <source>Each class: the 9 of the first {count} test images it scores highest; right: the input dreamed up to make it score highest (dream a 3), by {steps} steps of gradient ascent with jitter and blur. Click one to see it bigger.</source>
   <translation>Jede Klasse: die 9 der ersten {count} Testbilder, die sie am höchsten bewertet; rechts: die ausgedachte Eingabe, die sie am höchsten bewertet (träume eine 3), durch {steps} Schritte Gradientenanstieg mit Zittern und Weichzeichnen. Klicke eines an, um es größer zu sehen.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="390" />
   <source>Each filter: the 9 of the first {count} test images that excite it most, orange: the patch its strongest spot sees; right: the pattern that excites it most in such a patch, by {steps} steps of blurred gradient ascent. Click one to see it bigger.</source>
   <translation>Jeder Filter: die 9 der ersten {count} Testbilder, die ihn am stärksten anregen, orange: das Feld, das seine stärkste Stelle sieht; rechts: das Muster, das ihn in so einem Feld am stärksten anregt, durch {steps} Schritte weichgezeichneten Gradientenanstieg. Klicke eines an, um es größer zu sehen.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="118" />
   <source>Dreaming up the input that the {count} classes want most: step {done} of {steps}…</source>
   <translation>Erträume die Eingabe, die die {count} Klassen am meisten wollen: Schritt {done} von {steps}…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="124" />
   <source>Dreaming up the input that the {count} filters of {layer} want most: step {done} of {steps}…</source>
   <translation>Erträume die Eingabe, die die {count} Filter von {layer} am meisten wollen: Schritt {done} von {steps}…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="278" />
   <source>Nothing to look at yet: waiting for the test images.</source>
   <translation>Noch nichts zu sehen: warte auf die Testbilder.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="280" />
   <source>Nothing to look at yet: waiting for a network.</source>
   <translation>Noch nichts zu sehen: warte auf ein Netz.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="317" />
   <source>Could not look into the filters: {message}</source>
   <translation>Die Filter konnten nicht untersucht werden: {message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="336" />
   <source>class {name}</source>
   <translation>Klasse {name}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="338" />
   <source>{layer} filter {unit}</source>
   <translation>{layer} Filter {unit}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="351" />
   <source>The test images that excite it most ({indices}), and the input optimised to excite it</source>
   <translation>Die Testbilder, die es am stärksten anregen ({indices}), und die dafür optimierte Eingabe</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="249" />
   <source>Could not read the network {spec!r}: {exc}</source>
   <translation>Das Netz {spec!r} konnte nicht gelesen werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="255" />
   <source>the {count} classes</source>
   <translation>die {count} Klassen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="36" />
   <source>a little everywhere</source>
   <translation>überall ein wenig</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="36" />
   <source>the fewest pixels</source>
   <translation>möglichst wenige Pixel</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="83" />
   <source>Could not make it say {target} within ± {levels} levels: try a bigger budget (it still says {now}, {percent}%).</source>
   <translation>Mit ± {levels} Stufen ließ es sich nicht dazu bringen, {target} zu sagen: erlaube eine größere Änderung (es sagt noch {now}, {percent} %).</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="92" />
   <source>{changed} of {pixels} pixels changed&lt;br&gt;by at most ± {levels} levels&lt;br&gt;size (L2): {l2}&lt;br&gt;{steps} steps, {seconds} s</source>
   <translation>{changed} von {pixels} Pixeln geändert&lt;br&gt;um höchstens ± {levels} Stufen&lt;br&gt;Größe (L2): {l2}&lt;br&gt;{steps} Schritte, {seconds} s</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="112" />
   <source>change the input a little so that it answers another digit</source>
   <translation>ändere die Eingabe ein wenig, sodass es eine andere Ziffer sagt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="120" />
   <source>The digit the network should answer after the change</source>
   <translation>Die Ziffer, die das Netz nach der Änderung sagen soll</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="121" />
   <source>Target digit</source>
   <translation>Zielziffer</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="127" />
   <source>The most any one pixel may change (black is 0, white is 255)</source>
   <translation>Wie stark sich ein Pixel höchstens ändern darf (schwarz ist 0, weiß ist 255)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="128" />
   <source>Budget per pixel</source>
   <translation>Erlaubte Änderung pro Pixel</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="133" />
   <source>A little everywhere: every pixel may change, within the budget (basic iterative method). The fewest pixels: one pixel at a time, each as far as the budget allows</source>
   <translation>Überall ein wenig: Jedes Pixel darf sich im Rahmen ändern (Basic Iterative Method). Möglichst wenige Pixel: eins nach dem anderen, jedes so weit wie erlaubt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="138" />
   <source>How to change the input</source>
   <translation>Wie die Eingabe geändert wird</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="139" />
   <location filename="cnnviz/gui/panels/fool.py" line="317" />
   <location filename="cnnviz/gui/panels/fool.py" line="428" />
   <source>Attack</source>
   <translation>Angreifen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="141" />
   <location filename="cnnviz/gui/panels/fool.py" line="429" />
   <source>Attack now, with the latest weights</source>
   <translation>Jetzt angreifen, mit den neuesten Gewichten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="142" />
   <source>Save fooling image…</source>
   <translation>Täuschungsbild speichern…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="144" />
   <source>Save the changed input as a 28×28 PNG: cnnviz predict --raw gives the same answer</source>
   <translation>Die geänderte Eingabe als 28×28-PNG speichern: cnnviz predict --raw gibt dieselbe Antwort</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="172" />
   <location filename="cnnviz/gui/panels/fool.py" line="431" />
   <source>Original, change and fooled input</source>
   <translation>Original, Änderung und getäuschte Eingabe</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="173" />
   <source>The input, the change made to it (amplified; orange: brighter, blue: darker, white: unchanged) and the changed input</source>
   <translation>Die Eingabe, die Änderung daran (verstärkt; orange: heller, blau: dunkler, weiß: unverändert) und die geänderte Eingabe</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="193" />
   <source>How small the change is: the most any one pixel changed (L-infinity), the size of the whole change (L2, in units of full white) and how many pixels changed at all</source>
   <translation>Wie klein die Änderung ist: die größte Änderung eines Pixels (L-unendlich), die Größe der ganzen Änderung (L2, in Einheiten von vollem Weiß) und wie viele Pixel sich überhaupt geändert haben</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="275" />
   <source>&lt;b&gt;the change&lt;/b&gt;&lt;br&gt;orange: brighter, blue: darker</source>
   <translation>&lt;b&gt;die Änderung&lt;/b&gt;&lt;br&gt;orange: heller, blau: dunkler</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="277" />
   <source>&lt;b&gt;original&lt;/b&gt;&lt;br&gt;what the network saw</source>
   <translation>&lt;b&gt;Original&lt;/b&gt;&lt;br&gt;was das Netz sah</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="277" />
   <source>&lt;b&gt;fooled input&lt;/b&gt;&lt;br&gt;original + change</source>
   <translation>&lt;b&gt;getäuschte Eingabe&lt;/b&gt;&lt;br&gt;Original + Änderung</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="440" />
   <source>Save fooling image</source>
   <translation>Täuschungsbild speichern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="76" />
   <source>It already says {target} ({percent}%): choose another digit to aim for.</source>
   <translation>Es sagt schon {target} ({percent} %): Wähle eine andere Zielziffer.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="80" />
   <source>The network now says {target} ({percent}%) instead of {label}.</source>
   <translation>Das Netz sagt jetzt {target} ({percent} %) statt {label}.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="152" />
   <source>change each pixel by at most</source>
   <translation>jedes Pixel höchstens ändern um</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="334" />
   <source>Nothing to attack yet: there are no weights (start training or load a model).</source>
   <translation>Noch nichts anzugreifen: Es gibt keine Gewichte (starte das Training oder lade ein Modell).</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="352" />
   <source>Attacking your drawing with the weights of step {step:,}…</source>
   <translation>Greife deine Zeichnung an, mit den Gewichten von Schritt {step:,}…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="353" />
   <source>Attacking test image #{index} (true label {label}) with the weights of step {step:,}…</source>
   <translation>Greife Testbild #{index} (richtig: {label}) an, mit den Gewichten von Schritt {step:,}…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="422" />
   <source>Your drawing · weights of step {step}</source>
   <translation>Deine Zeichnung · Gewichte von Schritt {step}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="423" />
   <source>Test image #{index} (true label {label}) · weights of step {step}</source>
   <translation>Testbild #{index} (richtig: {label}) · Gewichte von Schritt {step}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="453" />
   <source>Nothing to save yet: attack first.</source>
   <translation>Noch nichts zu speichern: Greife zuerst an.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="126" />
   <source> of {levels} grey levels</source>
   <translation> von {levels} Graustufen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="148" />
   <location filename="cnnviz/gui/panels/registry.py" line="269" />
   <source>Fool</source>
   <translation>Tricks</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="149" />
   <source>make it say</source>
   <translation>es soll sagen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="273" />
   <source>&lt;b&gt;the change ×{factor}&lt;/b&gt;&lt;br&gt;orange: brighter, blue: darker</source>
   <translation>&lt;b&gt;die Änderung ×{factor}&lt;/b&gt;&lt;br&gt;orange: heller, blau: dunkler</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="340" />
   <source>Nothing to attack yet: draw a digit on the pad first.</source>
   <translation>Noch nichts anzugreifen: Zeichne zuerst eine Ziffer auf die Zeichenfläche.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="341" />
   <source>Nothing to attack yet: no test image is loaded yet.</source>
   <translation>Noch nichts anzugreifen: Es ist noch kein Testbild geladen.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="390" />
   <source>Could not attack: {message}</source>
   <translation>Angriff nicht möglich: {message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="463" />
   <source>Saved {written}: cnnviz predict --raw on it says {answer}.</source>
   <translation>{written} gespeichert: cnnviz predict --raw sagt dazu {answer}.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="291" />
   <source>Attack (step {step:,})</source>
   <translation>Angreifen (Schritt {step:,})</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="293" />
   <source>Attack again with the weights of step {step:,} (the result shown used step {result:,})</source>
   <translation>Erneut angreifen mit den Gewichten von Schritt {step:,} (das gezeigte Ergebnis nutzte Schritt {result:,})</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="459" />
   <source>Could not save the fooling image: {exc}</source>
   <translation>Das Täuschungsbild konnte nicht gespeichert werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="60" />
   <source>before: {answer} ({percent}%)</source>
   <translation>vorher: {answer} ({percent} %)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="60" />
   <source>after: {answer} ({percent}%)</source>
   <translation>nachher: {answer} ({percent} %)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="199" />
   <source>One bar per digit: how sure the network is</source>
   <translation>Ein Balken pro Ziffer: wie sicher das Netz ist</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="198" />
   <source>Probabilities before the change</source>
   <translation>Wahrscheinlichkeiten vor der Änderung</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="198" />
   <source>Probabilities after the change</source>
   <translation>Wahrscheinlichkeiten nach der Änderung</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="57" />
   <source>before</source>
   <translation>vorher</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="57" />
   <source>after</source>
   <translation>nachher</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="27" />
   <source>Test image</source>
   <translation>Testbild</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="28" />
   <source>My drawing</source>
   <translation>Meine Zeichnung</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="35" />
   <source>Random</source>
   <translation>Zufall</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="42" />
   <location filename="cnnviz/gui/panels/input_choice.py" line="45" />
   <source>Index of the test image shown</source>
   <translation>Nummer des gezeigten Testbilds</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="43" />
   <source>Previous test image</source>
   <translation>Vorheriges Testbild</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="44" />
   <source>Next test image</source>
   <translation>Nächstes Testbild</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="45" />
   <source>Test image number</source>
   <translation>Testbild-Nummer</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="46" />
   <source>A random test image</source>
   <translation>Ein zufälliges Testbild</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_source.py" line="33" />
   <source>my drawing</source>
   <translation>meine Zeichnung</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_source.py" line="34" />
   <source>the test image</source>
   <translation>das Testbild</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_source.py" line="35" />
   <source>The test image chosen in Feature maps, or clicked in Mistakes</source>
   <translation>Das Testbild aus den Merkmalskarten oder das in Fehler angeklickte</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="28" />
   <source>blue &lt; 0 &lt; red</source>
   <translation>blau &lt; 0 &lt; rot</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="30" />
   <source>A deeper conv layer: its kernels for one output channel</source>
   <translation>Eine tiefere Faltungsschicht: ihre Kernel für einen Ausgabekanal</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="32" />
   <source>Output channel whose kernels (one per input channel) are shown</source>
   <translation>Ausgabekanal, dessen Kernel (einer pro Eingabekanal) gezeigt werden</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="36" />
   <source>Deeper layer</source>
   <translation>Tiefere Schicht</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="37" />
   <source>Output channel</source>
   <translation>Ausgabekanal</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="41" />
   <source>Kernels of the kept run</source>
   <translation>Kernel des behaltenen Laufs</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="41" />
   <source>A is the kept run, B the run now</source>
   <translation>A ist der behaltene Lauf, B der aktuelle</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="46" />
   <source>Convolution kernels</source>
   <translation>Faltungskernel</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="46" />
   <source>Weights as colours: blue negative, white zero, red positive</source>
   <translation>Gewichte als Farben: blau negativ, weiß null, rot positiv</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="34" />
   <source>Deeper:</source>
   <translation>Tiefer:</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="34" />
   <source>channel</source>
   <translation>Kanal</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="182" />
   <source>&lt;b&gt;A&lt;/b&gt; · not shown (see above)</source>
   <translation>&lt;b&gt;A&lt;/b&gt; · nicht gezeigt (siehe oben)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="208" />
   <source>(mean over {count} inputs)</source>
   <translation>(Mittel über {count} Eingaben)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="252" />
   <source>channel {channel}: {count} × {size}</source>
   <translation>Kanal {channel}: {count} × {size}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="26" />
   <source>Press Start: the learning rate of every step is drawn here.</source>
   <translation>Drücke Start: Hier wird die Lernrate jedes Schritts gezeichnet.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="48" />
   <location filename="cnnviz/gui/panels/learning_rate.py" line="58" />
   <location filename="cnnviz/gui/panels/registry.py" line="294" />
   <source>Learning rate</source>
   <translation>Lernrate</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="49" />
   <source>how big a step the optimizer takes; the schedule raises it, then lowers it so that the network settles</source>
   <translation>wie groß die Schritte des Optimierers sind; der Verlauf hebt sie erst an und senkt sie dann, damit sich das Netz einpendelt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="58" />
   <source>The learning rate of every step against epochs</source>
   <translation>Die Lernrate jedes Schritts über den Epochen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="119" />
   <source>No steps yet.</source>
   <translation>Noch keine Schritte.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="140" />
   <source>now {rate} at epoch {epoch:.2f} (batch of {batch}) · highest {highest} at epoch {at:.2f}</source>
   <translation>jetzt {rate} in Epoche {epoch:.2f} (Batch von {batch}) · höchste {highest} in Epoche {at:.2f}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="37" />
   <source>Each dot is a test image in its digit's colour. Close dots: images the network's last hidden layer sees as alike (seen along the two directions in which they differ most). Separate clouds: digits it tells apart.</source>
   <translation>Jeder Punkt ist ein Testbild in der Farbe seiner Ziffer. Nahe Punkte: Bilder, die die letzte verborgene Schicht des Netzes als ähnlich sieht (entlang der zwei Richtungen, in denen sie sich am stärksten unterscheiden). Getrennte Wolken: Ziffern, die es auseinanderhält.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="42" />
   <source>Each dot is a test image in its class's colour. Close dots: images the network's last hidden layer sees as alike (seen along the two directions in which they differ most). Separate clouds: classes it tells apart.</source>
   <translation>Jeder Punkt ist ein Testbild in der Farbe seiner Klasse. Nahe Punkte: Bilder, die die letzte verborgene Schicht des Netzes als ähnlich sieht (entlang der zwei Richtungen, in denen sie sich am stärksten unterscheiden). Getrennte Wolken: Klassen, die es auseinanderhält.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="52" />
   <source>each dot a test image, placed by the layer before the answer</source>
   <translation>jeder Punkt ein Testbild, platziert nach der Schicht vor der Antwort</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="54" />
   <location filename="cnnviz/gui/panels/map.py" line="213" />
   <location filename="cnnviz/gui/panels/map.py" line="392" />
   <source>Update</source>
   <translation>Aktualisieren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="55" />
   <source>Make the map again with the latest weights</source>
   <translation>Die Karte mit den neuesten Gewichten neu erstellen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="60" />
   <source>Go back to the maps made earlier in the run (the Time-lapse's slider moves it too); at the right end: the latest</source>
   <translation>Zu früheren Karten des Laufs zurückgehen (auch der Zeitraffer-Regler bewegt ihn); ganz rechts: die neueste</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="65" />
   <source>Map at an earlier step</source>
   <translation>Karte eines früheren Schritts</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="81" />
   <source>Every test image is a dot coloured by its digit; images the network finds alike lie close together; the star is your drawing</source>
   <translation>Jedes Testbild ist ein Punkt in der Farbe seiner Ziffer; Bilder, die das Netz ähnlich findet, liegen nah beieinander; der Stern ist deine Zeichnung</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="233" />
   <source>Nothing to map yet: waiting for the test images.</source>
   <translation>Noch nichts für die Karte: warte auf die Testbilder.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="235" />
   <source>Nothing to map yet: waiting for the network's weights.</source>
   <translation>Noch nichts für die Karte: warte auf die Gewichte des Netzes.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="253" />
   <source>Placing {count:,} test images with the weights of step {step}…</source>
   <translation>Platziere {count:,} Testbilder mit den Gewichten von Schritt {step}…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="289" />
   <source>Placing {count:,} test images with the weights of step {step}… ({done:,} of {count:,} read)</source>
   <translation>Platziere {count:,} Testbilder mit den Gewichten von Schritt {step}… ({done:,} von {count:,} gelesen)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="346" />
   <source>latest map</source>
   <translation>neueste Karte</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="374" />
   <source>Could not make the map: {message}</source>
   <translation>Die Karte konnte nicht erstellt werden: {message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="401" />
   <source>{count:,} test images · weights of step {step:,} · the network gets {right:.0f}% of them right · the map keeps {explained:.0f}% of the spread</source>
   <translation>{count:,} Testbilder · Gewichte von Schritt {step:,} · das Netz hat {right:.0f} % richtig · die Karte zeigt {explained:.0f} % der Streuung</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="434" />
   <source>★ your drawing:
on the latest map</source>
   <translation>★ deine Zeichnung:
auf der neuesten Karte</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="224" />
   <source>This network knows {names}: the map needs drawings of them. Press Start to train it on the class canvas's drawings: the map then shows those held back.</source>
   <translation>Dieses Netz kennt {names}: Die Karte braucht Zeichnungen davon. Drücke Start, damit es mit den Zeichnungen der Klassen-Zeichenfläche lernt: Die Karte zeigt dann die zurückgehaltenen.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="282" />
   <source>Placing {count:,} test images with the weights of step {step}… (all read: finding the two directions in which they differ most)</source>
   <translation>Platziere {count:,} Testbilder mit den Gewichten von Schritt {step}… (alle gelesen: suche die zwei Richtungen, in denen sie sich am meisten unterscheiden)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="444" />
   <source>★ your drawing:
nearest the {digit}s</source>
   <translation>★ deine Zeichnung:
am nächsten an den {digit}ern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="446" />
   <source>★ your drawing:
nearest: {name}</source>
   <translation>★ deine Zeichnung:
am nächsten: {name}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="184" />
   <location filename="cnnviz/gui/panels/why.py" line="185" />
   <source>Update (step {step:,})</source>
   <translation>Aktualisieren (Schritt {step:,})</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="246" />
   <source>Could not make the map: {exc}</source>
   <translation>Die Karte konnte nicht erstellt werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="348" />
   <source>map at step {step:,}</source>
   <translation>Karte bei Schritt {step:,}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="430" />
   <source>Could not place your drawing: {exc}</source>
   <translation>Deine Zeichnung konnte nicht platziert werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map_picked.py" line="19" />
   <source>Point at a dot
to see its image</source>
   <translation>Zeige auf einen Punkt,
um sein Bild zu sehen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map_picked.py" line="78" />
   <source>test image #{index}
true digit {label}
it says {said} {mark}</source>
   <translation>Testbild #{index}
echte Ziffer {label}
Netz sagt {said} {mark}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map_picked.py" line="80" />
   <source>test image #{index}
true class {label}
it says {said} {mark}</source>
   <translation>Testbild #{index}
echte Klasse {label}
Netz sagt {said} {mark}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map_picked.py" line="41" />
   <source>Test image under the pointer</source>
   <translation>Testbild unter dem Mauszeiger</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map_picked.py" line="42" />
   <source>The test image of the dot under the pointer or last clicked</source>
   <translation>Das Testbild des Punkts unter dem Mauszeiger oder des zuletzt angeklickten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="163" />
   <source>The images of the chosen cell appear here, the most confident first.</source>
   <translation>Hier erscheinen die Bilder der gewählten Zelle, die sichersten zuerst.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="164" />
   <source>No mistakes yet (or no evaluation yet).</source>
   <translation>Noch keine Fehler (oder noch keine Auswertung).</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="89" />
   <location filename="cnnviz/gui/panels/registry.py" line="227" />
   <source>Mistakes</source>
   <translation>Fehler</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="89" />
   <source>rows: the true digit · columns: what the network said · click a cell</source>
   <translation>Zeilen: die echte Ziffer · Spalten: die Antwort des Netzes · Zelle anklicken</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="104" />
   <location filename="cnnviz/gui/panels/mistakes.py" line="201" />
   <source>Train for a while: the matrix fills in at each test evaluation.</source>
   <translation>Eine Weile trainieren: Die Matrix füllt sich bei jeder Testauswertung.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="109" />
   <location filename="cnnviz/gui/panels/mistakes.py" line="195" />
   <source>Empty until the first test evaluation</source>
   <translation>Leer bis zur ersten Testauswertung</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="203" />
   <source>Click a cell of the matrix to see its images.</source>
   <translation>Klicke eine Zelle der Matrix an, um ihre Bilder zu sehen.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="204" />
   <source>Surest mistakes: wrong, and very confident about it</source>
   <translation>Sicherste Fehler: falsch, und dabei sehr sicher</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="430" />
   <location filename="cnnviz/gui/panels/mistakes.py" line="365" />
   <source>True {truth}, read correctly: {total} images</source>
   <translation>Echt {truth}, richtig gelesen: {total} Bilder</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="432" />
   <location filename="cnnviz/gui/panels/mistakes.py" line="361" />
   <source>True {truth}, taken for {answer}: {total} images</source>
   <translation>Echt {truth}, gehalten für {answer}: {total} Bilder</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="111" />
   <source>true digit</source>
   <translation>echte Ziffer</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="111" />
   <source>predicted digit</source>
   <translation>erkannte Ziffer</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="161" />
   <source>Each image with its true digit, the prediction, how sure, and a check mark or a cross</source>
   <translation>Jedes Bild mit seiner echten Ziffer, der Antwort des Netzes, wie sicher es ist, und einem Häkchen oder Kreuz</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="279" />
   <source>No mistakes at all.</source>
   <translation>Überhaupt keine Fehler.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="160" />
   <source>Images of the chosen cell</source>
   <translation>Bilder der gewählten Zelle</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="160" />
   <source>Surest mistakes</source>
   <translation>Sicherste Fehler</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="256" />
   <source>Test accuracy &lt;b&gt;{test_accuracy:.1f}%&lt;/b&gt; on {samples:,} test images at step {step:,}. Left: how often each digit is read right.</source>
   <translation>Testgenauigkeit &lt;b&gt;{test_accuracy:.1f} %&lt;/b&gt; auf {samples:,} Testbildern bei Schritt {step:,}. Links: wie oft jede Ziffer richtig gelesen wird.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="413" />
   <source>Surest mistakes: {wrong} wrong of {samples:,}; the most confident first</source>
   <translation>Sicherste Fehler: {wrong} falsch von {samples:,}; die sichersten zuerst</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="436" />
   <source>, showing the {count} surest</source>
   <translation>, die {count} sichersten werden gezeigt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="264" />
   <source>Test accuracy {percent}% at step {step}. Most often mixed up: {pairs}.</source>
   <translation>Testgenauigkeit {percent} % bei Schritt {step}. Am häufigsten verwechselt: {pairs}.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="272" />
   <source>Test accuracy {percent}% at step {step}. No mistakes at all.</source>
   <translation>Testgenauigkeit {percent} % bei Schritt {step}. Überhaupt keine Fehler.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="275" />
   <source>Most often mixed up: {pairs}</source>
   <translation>Am häufigsten verwechselt: {pairs}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="379" />
   <source>test image #{index}: true {truth}, predicted {answer} ({percent}% sure), {verdict}. Click to look inside (feature maps, Why?).</source>
   <translation>Testbild #{index}: echt {truth}, erkannt {answer} (zu {percent} % sicher), {verdict}. Klicken, um hineinzusehen (Merkmalskarten, Warum?).</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="266" />
   <source>{truth} taken for {answer} {count} times</source>
   <translation>{count}-mal {truth} für {answer} gehalten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/presenter_toolbar.py" line="24" />
   <source>learning
rate</source>
   <translation>Lern-
rate</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/presenter_toolbar.py" line="27" />
   <source>test
accuracy</source>
   <translation>Test-
genauigkeit</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="82" />
   <source>Training</source>
   <translation>Lernen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="236" />
   <source>Why?</source>
   <translation>Warum?</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="245" />
   <source>What filters want</source>
   <translation>Was Filter wollen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="284" />
   <source>Statistics</source>
   <translation>Statistik</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="305" />
   <source>Class drawings</source>
   <translation>Klassenzeichnungen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="259" />
   <source>Map</source>
   <translation>Karte</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="288" />
   <source>Stats</source>
   <translation>Statistik</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="298" />
   <source>Rate</source>
   <translation>Rate</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="309" />
   <source>Drawings</source>
   <translation>Skizzen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="321" />
   <source>Draw</source>
   <translation>Zeichnen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="333" />
   <source>Timings</source>
   <translation>Zeiten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="36" />
   <source>custom</source>
   <translation>eigenes</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="89" />
   <source>Run</source>
   <translation>Lauf</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="93" />
   <source>▶  Start</source>
   <translation>▶  Start</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="98" />
   <source>Step</source>
   <translation>Schritt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="100" />
   <source>Reset</source>
   <translation>Neu</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="101" />
   <source>New random weights; the curves start over</source>
   <translation>Neue Zufallsgewichte; die Kurven beginnen von vorn</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="102" />
   <source>Save…</source>
   <translation>Speichern…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="103" />
   <source>Load…</source>
   <translation>Laden…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="104" />
   <source>Save the current weights as a .npz checkpoint</source>
   <translation>Die aktuellen Gewichte als .npz-Checkpoint speichern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="105" />
   <source>Load a .npz checkpoint; Start continues training it</source>
   <translation>Einen .npz-Checkpoint laden; Start trainiert ihn weiter</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="124" />
   <source>Optimization</source>
   <translation>Optimierung</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="131" />
   <source>Optimizer</source>
   <translation>Verfahren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="135" />
   <source>onecycle: warm up to the learning rate, then anneal; constant: keep it</source>
   <translation>onecycle: zur Lernrate hochfahren, dann absenken; constant: gleich lassen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="136" />
   <source>Schedule</source>
   <translation>Verlauf</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="139" />
   <source>Learning rate, logarithmic from 0.00001 to 1</source>
   <translation>Lernrate, logarithmisch von 0,00001 bis 1</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="159" />
   <source>Momentum (sgd with momentum) or beta1 (adam)</source>
   <translation>Momentum (sgd mit Momentum) oder beta1 (adam)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="160" />
   <source>Momentum</source>
   <translation>Momentum</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="164" />
   <source>Batch size</source>
   <translation>Batchgröße</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="169" />
   <source>Length of the run; takes effect at the next Start</source>
   <translation>Länge des Laufs; gilt ab dem nächsten Start</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="170" />
   <source>Epochs</source>
   <translation>Epochen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="195" />
   <source>Data and network</source>
   <translation>Daten und Netz</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="202" />
   <source>Dataset</source>
   <translation>Datensatz</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="209" />
   <source>type your own layer spec below</source>
   <translation>unten eine eigene Schichtbeschreibung eingeben</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="210" />
   <source>Network</source>
   <translation>Netz</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="213" />
   <source>convK-C[-same|-valid], relu, pool, dense-N, dropout-P, comma separated;
the last layer must be dense-10. Press Enter to apply.</source>
   <translation>convK-C[-same|-valid], relu, pool, dense-N, dropout-P, durch Kommas getrennt;
die letzte Schicht muss dense-10 sein. Enter übernimmt.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="231" />
   <source>Backend</source>
   <translation>Backend</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="95" />
   <source>Start training ({key})</source>
   <translation>Training starten ({key})</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="97" />
   <source>Pause or resume ({key})</source>
   <translation>Anhalten oder fortsetzen ({key})</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="99" />
   <source>Train exactly one batch ({key})</source>
   <translation>Genau einen Batch trainieren ({key})</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="179" />
   <source>Changes to the optimiser apply at the next step (type a value, then Enter).
Keys: {start} start/pause · {step} step · {clear} clear drawing · {help} all keys</source>
   <translation>Änderungen am Optimierer gelten ab dem nächsten Schritt (Wert eingeben, dann Enter).
Tasten: {start} Start/Pause · {step} Schritt · {clear} Zeichnung löschen · {help} alle Tasten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="244" />
   <source>{name}  ({where}, not available)</source>
   <translation>{name}  ({where}, nicht verfügbar)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="250" />
   <source>not available: {why}</source>
   <translation>nicht verfügbar: {why}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="37" />
   <source>Update size</source>
   <translation>Änderungsgröße</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="37" />
   <source>Gradient norm</source>
   <translation>Gradientennorm</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="37" />
   <source>Weights</source>
   <translation>Gewichte</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="68" />
   <source>Weights and gradients</source>
   <translation>Gewichte und Gradienten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="68" />
   <source>per weight tensor, every few steps</source>
   <translation>pro Gewichtstensor, alle paar Schritte</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="70" />
   <source>Percentile bands of this tensor's weights: 1–99% light, 25–75% dark, median</source>
   <translation>Perzentilbänder der Gewichte dieses Tensors: 1–99 % hell, 25–75 % dunkel, Median</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="72" />
   <location filename="cnnviz/gui/panels/statistics.py" line="71" />
   <source>Weight distribution of</source>
   <translation>Gewichtsverteilung von</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="91" />
   <source>The chosen tensor's weight percentiles, each tensor's update-to-weight ratio and gradient size against steps</source>
   <translation>Perzentile der Gewichte des gewählten Tensors, für jeden Tensor das Verhältnis von Änderung zu Gewicht und die Gradientengröße, über den Schritten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="170" />
   <source>No gradient: every value is 0</source>
   <translation>Kein Gradient: Jeder Wert ist 0</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="109" />
   <source>|Δw| / |w| per step</source>
   <translation>|Δw| / |w| pro Schritt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="112" />
   <source>gradient norm</source>
   <translation>Gradientennorm</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="115" />
   <source>weights</source>
   <translation>Gewichte</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="385" />
   <source>Statistics arrive every few steps while training. Healthy updates change the weights by about 1/1000 of their size per step (the green band).</source>
   <translation>Die Statistiken kommen während des Trainings alle paar Schritte. Gesunde Updates ändern die Gewichte pro Schritt um etwa 1/1000 ihrer Größe (das grüne Band).</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="156" />
   <source>too small</source>
   <translation>zu klein</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="157" />
   <source>too big</source>
   <translation>zu groß</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="380" />
   <source>✓ Looks healthy: each step changes the weights by about {ratio} of their size (the green band).</source>
   <translation>✓ Sieht gesund aus: Jeder Schritt ändert die Gewichte um etwa {ratio} ihrer Größe (das grüne Band).</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="483" />
   <source>{layer} weights</source>
   <translation>Gewichte {layer}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="40" />
   <source>one frame per test evaluation · drag the slider to go back in time</source>
   <translation>ein Bild pro Testauswertung · Schieberegler ziehen, um zurückzugehen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="44" />
   <location filename="cnnviz/gui/panels/timelapse.py" line="243" />
   <source>▶ Play</source>
   <translation>▶ Abspielen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="45" />
   <source>Play the recording from the start</source>
   <translation>Die Aufzeichnung von vorn abspielen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="51" />
   <source>GIF…</source>
   <translation>GIF…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="52" />
   <source>Export the kernels' time-lapse as an animated GIF</source>
   <translation>Den Zeitraffer der Kernel als animiertes GIF exportieren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="53" />
   <source>PNGs…</source>
   <translation>PNGs…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="54" />
   <source>Export one PNG per frame into a folder</source>
   <translation>Ein PNG pro Bild in einen Ordner exportieren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="61" />
   <source>Scrub through training: one position per evaluation</source>
   <translation>Durch das Training spulen: eine Position pro Auswertung</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="63" />
   <location filename="cnnviz/gui/panels/timelapse.py" line="113" />
   <source>Nothing recorded yet: press Start. A frame is kept at every test evaluation.</source>
   <translation>Noch nichts aufgezeichnet: Drücke Start. Bei jeder Testauswertung wird ein Bild gespeichert.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="229" />
   <source>not measured yet</source>
   <translation>noch nicht gemessen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="247" />
   <source>❚❚ Stop</source>
   <translation>❚❚ Stopp</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="260" />
   <source>Export time-lapse as GIF</source>
   <translation>Zeitraffer als GIF exportieren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="272" />
   <source>Export time-lapse frames into a folder</source>
   <translation>Zeitraffer-Bilder in einen Ordner exportieren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="231" />
   <source>Frame {index} of {count} · step {step:,} · epoch {epoch:.2f} · test accuracy {accuracy}</source>
   <translation>Bild {index} von {count} · Schritt {step:,} · Epoche {epoch:.2f} · Testgenauigkeit {accuracy}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="262" />
   <source>Animated GIF</source>
   <translation>Animiertes GIF</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="287" />
   <source>Saved the time-lapse ({count} frames) to {path}</source>
   <translation>Zeitraffer ({count} Bilder) in {path} gespeichert</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="300" />
   <source>Saved {count} PNG frames to {folder}</source>
   <translation>{count} PNG-Bilder in {folder} gespeichert</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="202" />
   <source>&lt;b&gt;{layer}&lt;/b&gt; kernels{channel}: {count} × {kh}×{kw}, one colour scale for every frame</source>
   <translation>&lt;b&gt;{layer}&lt;/b&gt; Kernel{channel}: {count} × {kh}×{kw}, eine Farbskala für alle Bilder</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="227" />
   <source>&lt;b&gt;{name}&lt;/b&gt; ({c} maps)</source>
   <translation>&lt;b&gt;{name}&lt;/b&gt; ({c} Karten)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="284" />
   <source>Could not export the GIF: {exc}</source>
   <translation>Das GIF konnte nicht exportiert werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="298" />
   <source>Could not export the frames: {exc}</source>
   <translation>Die Einzelbilder konnten nicht exportiert werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="266" />
   <source>{ms} ms/batch of {size}</source>
   <translation>{ms} ms/Batch zu {size}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="69" />
   <source>dark: forward · light: backward · latest of each backend</source>
   <translation>dunkel: vorwärts · hell: rückwärts · neueste pro Backend</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="94" />
   <source>Per-layer forward and backward times
appear here while training</source>
   <translation>Vorwärts- und Rückwärtszeiten je Schicht
erscheinen hier während des Trainings</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="189" />
   <source>A: its layers differ from B's (another network), its timings are not set beside</source>
   <translation>A: andere Schichten als B (ein anderes Netz), die Zeiten stehen nicht daneben</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="79" />
   <source>ms per batch</source>
   <translation>ms pro Batch</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="87" />
   <source>images/s</source>
   <translation>Bilder/s</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="87" />
   <source>training time (s)</source>
   <translation>Trainingszeit (s)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="177" />
   <source>A: timings not recorded in this file</source>
   <translation>A: in dieser Datei keine Zeiten gespeichert</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="179" />
   <source>A: no timing was measured in the kept run</source>
   <translation>A: im behaltenen Lauf wurde keine Zeit gemessen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="282" />
   <source>A's time is one measurement of the kept run, at its step {step:,}, under the load the computer had then: early steps (warm-up, kernels loading) and other programs make it slower than a run's usual pace.</source>
   <translation>Die Zeit von A ist eine einzige Messung des behaltenen Laufs, bei seinem Schritt {step:,}, unter der damaligen Last des Computers: frühe Schritte (Aufwärmen, Laden der Kernel) und andere Programme machen sie langsamer als das übliche Tempo eines Laufs.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="278" />
   <source>{ms} ms/batch of {size}, measured then (its step {step:,})</source>
   <translation>{ms} ms/Batch zu {size}, damals gemessen (sein Schritt {step:,})</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/unit_tile.py" line="84" />
   <source>{title}: click to see it bigger</source>
   <translation>{title}: klicken zum Vergrößern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="87" />
   <source>Why did it say that?</source>
   <translation>Warum hat es das gesagt?</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="91" />
   <source>Compute again with the latest weights</source>
   <translation>Mit den neuesten Gewichten neu berechnen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="96" />
   <source>Which class's evidence to show (default: the one the network chose)</source>
   <translation>Für welche Klasse der Beleg gezeigt wird (Standard: die Antwort des Netzes)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="101" />
   <source>Side of the black square slid over the image for the occlusion map</source>
   <translation>Seitenlänge des schwarzen Quadrats, das für die Verdeckungskarte über das Bild geschoben wird</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="108" />
   <location filename="cnnviz/gui/panels/why.py" line="105" />
   <source>evidence for class</source>
   <translation>Beleg für Klasse</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="109" />
   <source>Occlusion patch size</source>
   <translation>Größe des Verdeckungsfelds</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="117" />
   <source>Saliency and occlusion maps</source>
   <translation>Salienz- und Verdeckungskarten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="118" />
   <source>The input; where a change would move the score most; where hiding the image hurts (orange) or helps (blue)</source>
   <translation>Die Eingabe; wo eine Änderung die Bewertung am stärksten bewegen würde; wo das Verdecken des Bildes schadet (orange) oder hilft (blau)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="131" />
   <source>Saliency: the gradient of the class score with respect to each pixel (exact, one backward pass). Occlusion: a black square slides over the image and we watch the probability drop.</source>
   <translation>Salienz: der Gradient der Klassenbewertung nach jedem Pixel (exakt, ein Rückwärtsdurchlauf). Verdeckung: Ein schwarzes Quadrat gleitet über das Bild, und wir sehen, wie die Wahrscheinlichkeit sinkt.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="164" />
   <source>predicted</source>
   <translation>erkannt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="225" />
   <source>Explaining your drawing with the weights of step {step}…</source>
   <translation>Erkläre deine Zeichnung mit den Gewichten von Schritt {step}…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="226" />
   <source>Explaining test image #{index} (true label {label}) with the weights of step {step}…</source>
   <translation>Erkläre Testbild #{index} (richtig: {label}) mit den Gewichten von Schritt {step}…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="269" />
   <source>Your drawing: the network says &lt;b&gt;{answer}&lt;/b&gt; ({percent}% sure){chosen} · weights of step {step}</source>
   <translation>Deine Zeichnung: Das Netz sagt &lt;b&gt;{answer}&lt;/b&gt; (zu {percent} % sicher){chosen} · Gewichte von Schritt {step}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="270" />
   <source>Test image #{index} (true label {label}): the network says &lt;b&gt;{answer}&lt;/b&gt; ({percent}% sure){chosen} · weights of step {step}</source>
   <translation>Testbild #{index} (richtig: {label}): Das Netz sagt &lt;b&gt;{answer}&lt;/b&gt; (zu {percent} % sicher){chosen} · Gewichte von Schritt {step}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="103" />
   <source>Explain</source>
   <translation>Erklären</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="106" />
   <source>occlusion patch</source>
   <translation>Verdeckungsfeld</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="211" />
   <source>Nothing to explain yet: there are no weights (start training or load a model).</source>
   <translation>Noch nichts zu erklären: Es gibt keine Gewichte (starte das Training oder lade ein Modell).</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="243" />
   <source>Could not explain: {message}</source>
   <translation>Erklärung nicht möglich: {message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="263" />
   <source>; showing the evidence for &lt;b&gt;{digit}&lt;/b&gt; ({percent}%)</source>
   <translation>; Beleg für &lt;b&gt;{digit}&lt;/b&gt; ({percent} %)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="214" />
   <source>Nothing to explain yet: draw a digit on the pad first.</source>
   <translation>Noch nichts zu erklären: Zeichne zuerst eine Ziffer auf die Zeichenfläche.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="215" />
   <source>Nothing to explain yet: no test image is loaded yet.</source>
   <translation>Noch nichts zu erklären: Es ist noch kein Testbild geladen.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="16" />
   <source>&lt;b&gt;input&lt;/b&gt;&lt;br&gt;what the network sees</source>
   <translation>&lt;b&gt;Eingabe&lt;/b&gt;&lt;br&gt;was das Netz sieht</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="17" />
   <source>&lt;b&gt;saliency&lt;/b&gt;&lt;br&gt;where a change would&lt;br&gt;move the score most</source>
   <translation>&lt;b&gt;Salienz&lt;/b&gt;&lt;br&gt;wo eine Änderung die&lt;br&gt;Bewertung am meisten bewegt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="18" />
   <source>&lt;b&gt;occlusion&lt;/b&gt;&lt;br&gt;orange: hiding it hurts&lt;br&gt;blue: hiding it helps</source>
   <translation>&lt;b&gt;Verdeckung&lt;/b&gt;&lt;br&gt;orange: Verdecken schadet&lt;br&gt;blau: Verdecken hilft</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="14" />
   <source>&lt;b&gt;input&lt;/b&gt;</source>
   <translation>&lt;b&gt;Eingabe&lt;/b&gt;</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="14" />
   <source>&lt;b&gt;saliency&lt;/b&gt;</source>
   <translation>&lt;b&gt;Salienz&lt;/b&gt;</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="14" />
   <source>&lt;b&gt;occlusion&lt;/b&gt;&lt;br&gt;orange: hurts · blue: helps</source>
   <translation>&lt;b&gt;Verdeckung&lt;/b&gt;&lt;br&gt;orange: schadet · blau: hilft</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="127" />
   <source>Stop and go ahead</source>
   <translation>Stoppen und fortfahren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="201" />
   <source>Open the lesson?</source>
   <translation>Die Lektion öffnen?</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="205" />
   <source>Open the lesson</source>
   <translation>Lektion öffnen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="222" />
   <source>The lesson's run is not saved (step {step}).</source>
   <translation>Der Lauf der Lektion ist nicht gespeichert (Schritt {step}).</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="232" />
   <source>Closing the lesson stops it and brings back the settings and the run from before the lesson.</source>
   <translation>Das Schließen der Lektion beendet ihn und holt die Einstellungen und den Lauf von vor der Lektion zurück.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="235" />
   <source>Close the lesson?</source>
   <translation>Die Lektion schließen?</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="242" />
   <source>Go on with the lesson</source>
   <translation>Mit der Lektion weitermachen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="246" />
   <source>Keep it to compare: its curves stay on the plots, grey and dashed, beside the run from before.</source>
   <translation>Zum Vergleich behalten: seine Kurven bleiben grau und gestrichelt in den Diagrammen, neben dem Lauf von vorher.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="247" />
   <source>Save it: a model file to load again later.</source>
   <translation>Speichern: eine Modelldatei, die sich später wieder laden lässt.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="248" />
   <source>Discard it: the lesson's run is gone.</source>
   <translation>Verwerfen: der Lauf der Lektion ist weg.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="106" />
   <source>The run is paused</source>
   <translation>Der Lauf ist pausiert</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="107" />
   <source>A training run is paused. To {action}, it has to stop (the weights trained so far are replaced).

Stop the run and go ahead?</source>
   <translation>Ein Training ist pausiert. Für „{action}“ muss es stoppen (die bisher trainierten Gewichte werden ersetzt).

Training stoppen und fortfahren?</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="111" />
   <location filename="cnnviz/gui/questions.py" line="206" />
   <source>Keep the run</source>
   <translation>Lauf behalten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="115" />
   <source>Training is running</source>
   <translation>Das Training läuft</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="116" />
   <source>A training run is going on. To {action}, it has to stop (the weights trained so far are replaced).

Stop the run and go ahead?</source>
   <translation>Ein Training läuft. Für „{action}“ muss es stoppen (die bisher trainierten Gewichte werden ersetzt).

Training stoppen und fortfahren?</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="120" />
   <location filename="cnnviz/gui/questions.py" line="206" />
   <source>Keep training</source>
   <translation>Weiter trainieren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="204" />
   <source>Save it first…</source>
   <translation>Zuerst speichern…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="224" />
   <source>The lesson's run is paused at step {step}.</source>
   <translation>Der Lauf der Lektion ist bei Schritt {step} angehalten.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="226" />
   <source>The lesson's run is training (paused for this question at step {step}).</source>
   <translation>Der Lauf der Lektion trainiert (für diese Frage bei Schritt {step} angehalten).</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="240" />
   <source>Save it…</source>
   <translation>Speichern…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="241" />
   <source>Discard it</source>
   <translation>Verwerfen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="60" />
   <location filename="cnnviz/gui/questions.py" line="87" />
   <location filename="cnnviz/gui/questions.py" line="53" />
   <source>you {action}</source>
   <translation>{action}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="87" />
   <source>start a new run</source>
   <translation>einen neuen Lauf starten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="193" />
   <source>It is not saved.</source>
   <translation>Er ist nicht gespeichert.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="195" />
   <source>The lesson “{title}” sets it aside, stopped: closing the lesson brings it back, with its weights and curves.</source>
   <translation>Die Lektion „{title}“ legt ihn beendet beiseite: Das Schließen der Lektion holt ihn mit seinen Gewichten und Kurven zurück.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="239" />
   <source>Keep it to compare</source>
   <translation>Zum Vergleich behalten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="183" />
   <source>The run now (step {step}) is not saved.</source>
   <translation>Der Lauf jetzt (Schritt {step}) ist nicht gespeichert.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="230" />
   <source>Its test accuracy: {accuracy}%.</source>
   <translation>Seine Testgenauigkeit: {accuracy} %.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="187" />
   <source>A training run is paused at step {step}.</source>
   <translation>Ein Trainingslauf ist bei Schritt {step} angehalten.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="189" />
   <source>A training run is going on (paused for this question at step {step}).</source>
   <translation>Ein Trainingslauf läuft (für diese Frage bei Schritt {step} angehalten).</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="29" />
   <source>Restore an autosaved run?</source>
   <translation>Einen automatisch gesicherten Lauf wiederherstellen?</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="69" />
   <source>Restore</source>
   <translation>Wiederherstellen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="70" />
   <source>Discard</source>
   <translation>Verwerfen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="71" />
   <source>Later</source>
   <translation>Später</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="18" />
   <source>network {network}, {run}, autosaved {when}</source>
   <translation>Netz {network}, {run}, automatisch gesichert {when}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="36" />
   <source>Runs of earlier sessions were autosaved (newest first). Restore the one chosen?</source>
   <translation>Läufe früherer Sitzungen wurden automatisch gesichert (neueste zuerst). Den ausgewählten wiederherstellen?</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="63" />
   <source>Discard deletes the autosave; Later offers it again at the next start.</source>
   <translation>Verwerfen löscht die Sicherung; Später bietet sie beim nächsten Start wieder an.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="65" />
   <source>Discard deletes the autosaves listed; Later offers them again at the next start.</source>
   <translation>Verwerfen löscht die aufgeführten Sicherungen; Später bietet sie beim nächsten Start wieder an.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="57" />
   <source>Also delete the {count:,} older autosaves (not listed)</source>
   <translation>Auch die {count:,} älteren Sicherungen löschen (nicht aufgeführt)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="32" />
   <source>A run of an earlier session was autosaved{count}:
{describe_offer}.
Restore it?</source>
   <translation>Ein Lauf aus einer früheren Sitzung wurde automatisch gesichert{count}:
{describe_offer}.
Wiederherstellen?</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="35" />
   <source>{hours} h {minutes:02d} min</source>
   <translation>{hours} Std. {minutes:02d} Min.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="36" />
   <source>{minutes} min {seconds:02d} s</source>
   <translation>{minutes} Min. {seconds:02d} s</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="37" />
   <source>{seconds} s</source>
   <translation>{seconds} s</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="58" />
   <location filename="cnnviz/gui/status.py" line="36" />
   <source>ETA {value}</source>
   <translation>Rest {value}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="180" />
   <source>{backend}: compiling kernels, first start only</source>
   <translation>{backend}: kompiliert Kernel, nur beim ersten Start</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="195" />
   <source>Training diverged and is paused. {advice}</source>
   <translation>Das Training ist divergiert und pausiert. {advice}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="203" />
   <source>Training stopped: {message}</source>
   <translation>Training gestoppt: {message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="84" />
   <source>Display error: {error_type}: {exc}</source>
   <translation>Anzeigefehler: {error_type}: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="328" />
   <source>The network changed, so the run was stopped. Press Start to train the new network.</source>
   <translation>Das Netz hat sich geändert, deshalb wurde der Lauf gestoppt. Drücke Start, um das neue Netz zu trainieren.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="338" />
   <source>The data set changed, so the run was stopped. Press Start to train on it.</source>
   <translation>Der Datensatz hat sich geändert, deshalb wurde der Lauf gestoppt. Drücke Start, um damit zu trainieren.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="233" />
   <source>starting over with new random weights</source>
   <translation>mit neuen Zufallsgewichten neu anfangen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="41" />
   <source>training on {train_used:,} of {train_total:,} images</source>
   <translation>trainiert mit {train_used:,} von {train_total:,} Bildern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="47" />
   <source>testing on {test_used:,} of {test_total:,}</source>
   <translation>testet mit {test_used:,} von {test_total:,}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="240" />
   <source>New random weights (seed {seed}).</source>
   <translation>Neue Zufallsgewichte (Seed {seed}).</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="278" />
   <source>No data set is loaded: choose one that is installed, or start with --data DIR.</source>
   <translation>Kein Datensatz geladen: Wähle einen installierten oder starte mit --data DIR.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="420" />
   <source>Training stopped by an error: {message}. The app is still running; change a setting and press Start to try again.</source>
   <translation>Das Training wurde durch einen Fehler gestoppt: {message}. Die App läuft weiter; ändere eine Einstellung und drücke Start für einen neuen Versuch.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="334" />
   <source>Cannot load the {name} data set: {exc}</source>
   <translation>Der Datensatz {name} lässt sich nicht laden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="387" />
   <source>Could not copy the final weights: {exc}</source>
   <translation>Die letzten Gewichte konnten nicht kopiert werden: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="397" />
   <source>{label} finished. Our drawings: {ours} (see the Class drawings tab).</source>
   <translation>{label} fertig. Unsere Zeichnungen: {ours} (siehe Reiter Klassenzeichnungen).</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="164" />
   <source>Cannot build the network: {exc}</source>
   <translation>Das Netz lässt sich nicht bauen: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="265" />
   <source>Learning our {count} classes further</source>
   <translation>Lernt unsere {count} Klassen weiter</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="285" />
   <source>Cannot start: {exc}</source>
   <translation>Start nicht möglich: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="73" />
   <source>While you type in a field (the learning rate, a network spec, a name) the keys type: Enter applies it and leaves the field, Escape leaves it unchanged.</source>
   <translation>Während du in ein Feld tippst (Lernrate, Netzbeschreibung, Name), tippen die Tasten: Enter übernimmt und verlässt das Feld, Escape lässt es unverändert.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="49" />
   <source>Start training, pause it, resume it</source>
   <translation>Training starten, anhalten, fortsetzen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="50" />
   <source>Train exactly one batch</source>
   <translation>Genau einen Batch trainieren</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="51" />
   <source>Clear the drawing</source>
   <translation>Zeichnung löschen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="52" />
   <source>Save the model to a file</source>
   <translation>Das Modell in einer Datei speichern</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="53" />
   <source>Open a photo or scan of a digit to classify (or drop it on the canvas)</source>
   <translation>Foto oder Scan einer Ziffer zum Erkennen öffnen (oder auf die Zeichenfläche ziehen)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="54" />
   <source>The previous test image (feature maps, Why?)</source>
   <translation>Das vorherige Testbild (Merkmalskarten, Warum?)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="55" />
   <source>The next test image (feature maps, Why?)</source>
   <translation>Das nächste Testbild (Merkmalskarten, Warum?)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="56" />
   <source>The lesson's next step</source>
   <translation>Der nächste Schritt der Lektion</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="57" />
   <source>The lesson's previous step</source>
   <translation>Der vorherige Schritt der Lektion</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="58" />
   <source>The next tab</source>
   <translation>Der nächste Reiter</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="59" />
   <source>The previous tab</source>
   <translation>Der vorherige Reiter</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="60" />
   <source>Keep this run for comparison (the next run is drawn over it)</source>
   <translation>Diesen Lauf zum Vergleich behalten (der nächste wird darüber gezeichnet)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="61" />
   <source>Presenter mode on or off</source>
   <translation>Präsentationsmodus ein oder aus</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="62" />
   <source>Full screen on or off</source>
   <translation>Vollbild ein oder aus</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="63" />
   <source>Zoom in: larger text and plots (up to 200%)</source>
   <translation>Vergrößern: größere Schrift und Diagramme (bis 200 %)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="64" />
   <source>Zoom out (down to 80%)</source>
   <translation>Verkleinern (bis 80 %)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="65" />
   <source>Actual size (zoom 100%)</source>
   <translation>Originalgröße (Zoom 100 %)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="66" />
   <source>Open the class canvas (phones draw for the network), or end it</source>
   <translation>Klassen-Zeichenfläche öffnen (Handys zeichnen für das Netz) oder beenden</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="67" />
   <source>Class canvas: accept the chosen drawing</source>
   <translation>Klassen-Zeichenfläche: die gewählte Zeichnung annehmen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="68" />
   <source>Class canvas: keep the chosen drawing for our own test set</source>
   <translation>Klassen-Zeichenfläche: die gewählte Zeichnung für unseren eigenen Testsatz aufheben</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="69" />
   <source>Class canvas: reject the chosen drawing</source>
   <translation>Klassen-Zeichenfläche: die gewählte Zeichnung ablehnen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="70" />
   <source>This list of keys</source>
   <translation>Diese Liste der Tasten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="257" />
   <source>Keys</source>
   <translation>Tasten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="85" />
   <source>{keys} or {key}</source>
   <translation>{keys} oder {key}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="40" />
   <source>waiting for the last run's step to end…</source>
   <translation>warte auf den letzten Schritt des vorigen Laufs…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="42" />
   <source>still waiting for the last run's step to end (over 30 s)…</source>
   <translation>warte noch auf den letzten Schritt des vorigen Laufs (über 30 s)…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="45" />
   <source>ready</source>
   <translation>bereit</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="46" />
   <source>idle</source>
   <translation>untätig</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="47" />
   <source>starting</source>
   <translation>startet</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="48" />
   <source>running</source>
   <translation>läuft</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="49" />
   <source>paused</source>
   <translation>angehalten</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="50" />
   <source>reset</source>
   <translation>zurückgesetzt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="51" />
   <source>finished</source>
   <translation>fertig</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="52" />
   <source>stopped</source>
   <translation>gestoppt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="53" />
   <source>failed</source>
   <translation>fehlgeschlagen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="54" />
   <source>stopped by an error</source>
   <translation>durch einen Fehler gestoppt</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="55" />
   <source>ready · compiling kernels</source>
   <translation>bereit · kompiliert Kernel</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="56" />
   <source>starting (loading data)…</source>
   <translation>startet (lädt Daten)…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="57" />
   <source>starting (loading data and compiling kernels)…</source>
   <translation>startet (lädt Daten, kompiliert Kernel)…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="33" />
   <source>epoch {value}</source>
   <translation>Epoche {value}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="34" />
   <source>step {value}</source>
   <translation>Schritt {value}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="35" />
   <source>backend {value}</source>
   <translation>Backend {value}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="37" />
   <source>test accuracy {value}</source>
   <translation>Testgenauigkeit {value}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="140" />
   <source>Hide this message</source>
   <translation>Diese Meldung ausblenden</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="422" />
   <source>{value} images/s</source>
   <translation>{value} Bilder/s</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="65" />
   <source>cnnviz — watch a CNN learn</source>
   <translation>cnnviz – einem CNN beim Lernen zusehen</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="350" />
   <source>{zoom}: presenter mode's type stays as it is (it grows from {level}%)</source>
   <translation>{zoom}: Die Schrift des Präsentationsmodus bleibt, wie sie ist (sie wächst ab {level} %)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="347" />
   <source>{zoom}: presenter mode's type is already the largest that fits this window ({width}×{height})</source>
   <translation>{zoom}: Die Schrift des Präsentationsmodus ist schon die größte, die in dieses Fenster passt ({width}×{height})</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="370" />
   <source>Zoom {asked}% does not fit this window ({width}×{height}): showing {level}%, the largest at which every view fits.</source>
   <translation>Zoom {asked} % passt nicht in dieses Fenster ({width}×{height}): Gezeigt wird {level} %, der größte, bei dem jede Ansicht passt.</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="441" />
   <source>Test image #{index}: see inside it in Training (feature maps) and Why?</source>
   <translation>Testbild #{index}: Blick hinein unter Lernen (Merkmalskarten) und Warum?</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="386" />
   <source>Zoom {level}% is the largest at which every view fits this window ({width}×{height})</source>
   <translation>Zoom {level} % ist der größte, bei dem jede Ansicht in dieses Fenster passt ({width}×{height})</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="332" />
   <source>{zoom} (could not be stored)</source>
   <translation>{zoom} (konnte nicht gespeichert werden)</translation>
  </message>
  <message>
   <location filename="cnnviz/nn/model.py" line="44" />
   <source>the seed article's net: 2 conv5 layers (32, 64), dense 512</source>
   <translation>das Netz des Ausgangsartikels: 2 conv5-Schichten (32, 64), dense 512</translation>
  </message>
  <message>
   <location filename="cnnviz/nn/model.py" line="45" />
   <source>Keras' mnist_cnn: 2 conv3 valid layers, dropout, dense 128</source>
   <translation>mnist_cnn von Keras: 2 conv3-Schichten (valid), Dropout, dense 128</translation>
  </message>
  <message>
   <location filename="cnnviz/nn/model.py" line="46" />
   <source>tiny classroom net: conv5-8, conv3-16, dense 10 (trains in seconds)</source>
   <translation>kleines Netz für den Unterricht: conv5-8, conv3-16, dense 10 (lernt in Sekunden)</translation>
  </message>
  <message>
   <location filename="cnnviz/nn/model.py" line="47" />
   <source>fastest recipe to 99%: conv5-24, conv3-32 valid, dense 256; 1.5 epochs, batch 256, Adam(0.7, 0.9), one-cycle with a 15% warm-up</source>
   <translation>schnellstes Rezept zu 99 %: conv5-24, conv3-32 (valid), dense 256; 1,5 Epochen, Batch 256, Adam(0,7; 0,9), One-Cycle mit 15 % Aufwärmen</translation>
  </message>
  <message>
   <location filename="cnnviz/train/compile_kernels.py" line="25" />
   <source>{backend}: compiling kernels (the first start only; later starts load them from a cache)</source>
   <translation>{backend}: Kernel werden kompiliert (nur beim ersten Start; danach aus einem Cache geladen)</translation>
  </message>
  <message>
   <location filename="cnnviz/train/compile_kernels.py" line="36" />
   <source>{backend}: compiled kernels in {seconds:.1f} s</source>
   <translation>{backend}: Kernel in {seconds:.1f} s kompiliert</translation>
  </message>
  <message>
   <location filename="cnnviz/train/events.py" line="186" />
   <source>{cause}. The weights of step {step} were put back (the step count goes on from {now}) and training is paused. {advice}</source>
   <translation>{cause}. Die Gewichte von Schritt {step} wurden wiederhergestellt (die Schrittzählung geht bei {now} weiter), das Training ist pausiert. {advice}</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="170" />
   <source>the loss has stayed at chance level ({chance:.2f} = ln 10, a guess among ten classes) for {steps} steps after having been far higher</source>
   <translation>der Verlust blieb {steps} Schritte lang auf Zufallsniveau ({chance:.2f} = ln 10, Raten zwischen zehn Klassen), nachdem er viel höher gewesen war</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="153" />
   <source>for {steps} steps no gradient has reached the first layer (every unit on the way outputs 0: dead ReLUs) and the loss has stayed at chance level ({chance:.2f} = ln 10, a guess among ten classes)</source>
   <translation>seit {steps} Schritten erreicht kein Gradient mehr die erste Schicht (jede Einheit auf dem Weg gibt 0 aus: tote ReLUs), und der Verlust blieb auf Zufallsniveau ({chance:.2f} = ln 10, Raten zwischen zehn Klassen)</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="163" />
   <source>the loss has stayed at chance level ({chance:.2f} = ln 10, a guess among ten classes) for {steps} steps after having been much lower</source>
   <translation>der Verlust blieb {steps} Schritte lang auf Zufallsniveau ({chance:.2f} = ln 10, Raten zwischen zehn Klassen), nachdem er viel niedriger gewesen war</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="265" />
   <source>a backup copy</source>
   <translation>dem Anlegen einer Sicherungskopie</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="336" />
   <source>{old} failed during {where} ({error}); continuing on {cpu} from step {step}; the GPU's memory was lost, so training went back {back} steps to step {step}</source>
   <translation>{old} ist bei {where} ausgefallen ({error}); weiter mit {cpu} ab Schritt {step}; der Speicher der GPU ging verloren, daher ging das Training {back} Schritte zurück auf Schritt {step}</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="343" />
   <source>{old} failed during {where} ({error}); continuing on {cpu} from step {step}</source>
   <translation>{old} ist bei {where} ausgefallen ({error}); weiter mit {cpu} ab Schritt {step}</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="285" />
   <source>the switch to {backend}</source>
   <translation>dem Wechsel zu {backend}</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="295" />
   <source>{backend} failed to start ({error}); training stays on {current}</source>
   <translation>{backend} konnte nicht starten ({error}); das Training bleibt bei {current}</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="258" />
   <source>{names} and {last}</source>
   <translation>{names} und {last}</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="320" />
   <source>{names} contain NaN or infinite numbers: training has blown up. Lower the learning rate (try 10 times smaller) and resume from the weights put back when the training diverged; if none were put back, reset the network.</source>
   <translation>{names} enthalten NaN oder unendliche Zahlen: Das Training ist explodiert. Senke die Lernrate (versuche ein Zehntel) und setze das Training mit den Gewichten fort, die zurückgeholt wurden, als das Training divergierte; wurden keine zurückgeholt, setze das Netz zurück.</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="382" />
   <source>In most recent steps no gradient at all reaches {names}: those weights have stopped learning. This usually means dead ReLUs (every unit outputs 0) after a too-large step; they do not come back by themselves. Lower the learning rate and resume from the weights put back when the training diverged; if none were put back, reset the network.</source>
   <translation>In den meisten der letzten Schritte erreicht {names} überhaupt kein Gradient: Diese Gewichte lernen nicht mehr. Meist heißt das: tote ReLUs (jede Einheit gibt 0 aus) nach einem zu großen Schritt; sie erwachen nicht von selbst. Senke die Lernrate und setze das Training mit den Gewichten fort, die zurückgeholt wurden, als das Training divergierte; wurden keine zurückgeholt, setze das Netz zurück.</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="395" />
   <source>Vanishing gradients: each step changes {shown} by less than {ratio} of its size (healthy is about {healthy}), so those layers have almost stopped learning. Try a larger learning rate, the Adam optimizer, or a shallower network.</source>
   <translation>Verschwindende Gradienten: Jeder Schritt ändert {shown} um weniger als {ratio} ihrer Größe (gesund ist etwa {healthy}), diese Schichten lernen also fast nicht mehr. Versuche eine größere Lernrate, das Verfahren Adam oder ein flacheres Netz.</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="409" />
   <source>Steps are too big: each update changes {shown} by more than {ratio} of its size (healthy is about {healthy}). The learning rate is too high: the loss will jump around or get stuck. Lower the learning rate about 10 times.</source>
   <translation>Die Schritte sind zu groß: Jede Änderung verschiebt {shown} um mehr als {ratio} ihrer Größe (gesund ist etwa {healthy}). Die Lernrate ist zu hoch: Der Verlust springt hin und her oder bleibt hängen. Senke die Lernrate etwa auf ein Zehntel.</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="422" />
   <source>Exploding gradients: the gradients of {names} grew more than {factor} times over the recent steps. Lower the learning rate before the loss turns into NaN.</source>
   <translation>Explodierende Gradienten: Die Gradienten von {names} sind in den letzten Schritten um mehr als das {factor}-Fache gewachsen. Senke die Lernrate, bevor der Verlust NaN wird.</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="445" />
   <source>Lower the learning rate (now {lr:g}) and resume.</source>
   <translation>Senke die Lernrate (jetzt {lr:g}) und setze das Training fort.</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="416" />
   <source>reading a gradient</source>
   <translation>dem Lesen eines Gradienten</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="459" />
   <source>an evaluation</source>
   <translation>einer Auswertung</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="471" />
   <source>a snapshot</source>
   <translation>einem Schnappschuss</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="487" />
   <source>saving</source>
   <translation>dem Speichern</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="327" />
   <source>a training step</source>
   <translation>einem Trainingsschritt</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="380" />
   <source>reading the loss</source>
   <translation>dem Lesen des Verlusts</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="419" />
   <source>reading the layer timings</source>
   <translation>dem Lesen der Schichtzeiten</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="390" />
   <source>the loss became {loss} at step {step}</source>
   <translation>der Verlust wurde bei Schritt {step} zu {loss}</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="283" />
   <source>the test accuracy fell to {accuracy:.1%}, chance level, after reaching {best:.1%}</source>
   <translation>die Testgenauigkeit fiel auf {accuracy:.1%} (Zufallsniveau), nachdem sie {best:.1%} erreicht hatte</translation>
  </message>
  <message>
   <location filename="cnnviz/translatable.py" line="66" />
   <source>{names}, {name}</source>
   <translation>{names}, {name}</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>First look (tiny net)</source>
   <translation>Erster Blick (kleines Netz)</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>A tiny network (two small convolutions, 9,226 weights) learns to read handwritten digits from scratch, in about half a minute on a laptop.</source>
   <translation>Ein kleines Netz (zwei kleine Faltungen, 9.226 Gewichte) lernt von null, handgeschriebene Ziffern zu lesen – auf einem Laptop in etwa einer halben Minute.</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>Press Start (Space). The loss curve falls within seconds; the green dots (accuracy on test images the network never trains on) pass 90% within the first quarter of the epoch, and end near 98%.</source>
   <translation>Drücke Start (Leertaste). Die Verlustkurve fällt in Sekunden; die grünen Punkte (Genauigkeit auf Testbildern, mit denen das Netz nie trainiert) überschreiten im ersten Viertel der Epoche 90 % und enden bei etwa 98 %.</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>Kernels: the eight 5×5 conv1 kernels start as random noise. Watch them change in the first few hundred steps: most grow smoother, and several become little stroke detectors, a blue side next to a red side, which respond to an edge. (Some of the first noise stays: one pass over the data moves them only so far.)</source>
   <translation>Kernel: Die acht 5×5-Kernel von conv1 beginnen als Zufallsrauschen. Sieh zu, wie sie sich in den ersten paar hundert Schritten ändern: Die meisten werden glatter, und einige werden zu kleinen Strichdetektoren – eine blaue Seite neben einer roten –, die auf eine Kante reagieren. (Etwas vom anfänglichen Rauschen bleibt: Ein Durchgang durch die Daten bewegt sie nur so weit.)</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>Feature maps: each conv1 map shows where its kernel found its stroke in the test image. Point at a pixel to see the multiplication and sum that made it.</source>
   <translation>Merkmalskarten: Jede conv1-Karte zeigt, wo ihr Kernel im Testbild seinen Strich gefunden hat. Zeige auf ein Pixel, um die Multiplikation und Summe zu sehen, die es ergeben hat.</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>Draw a digit on the drawing pad: the bars are the network's ten probabilities. Try a sloppy 4, a 7 with a crossbar, or something that is no digit at all.</source>
   <translation>Zeichne eine Ziffer auf die Zeichenfläche: Die Balken sind die zehn Wahrscheinlichkeiten des Netzes. Probiere eine krakelige 4, eine 7 mit Querstrich oder etwas, das gar keine Ziffer ist.</translation>
  </message>
  <message>
   <location filename="assets/presets/02_seed_cpu_vs_gpu.json" line="1" />
   <source>The seed article's network: CPU vs GPU</source>
   <translation>Das Netz des Ausgangsartikels: CPU gegen GPU</translation>
  </message>
  <message>
   <location filename="assets/presets/02_seed_cpu_vs_gpu.json" line="1" />
   <source>The full network of the seed article (convolutions with 32 and 64 channels, a 512-unit dense layer: about 1.7 million weights), on the CPU (numba). The same arithmetic runs on every backend; only the speed differs.</source>
   <translation>Das vollständige Netz des Ausgangsartikels (Faltungen mit 32 und 64 Kanälen, eine dichte Schicht mit 512 Einheiten: etwa 1,7 Millionen Gewichte) auf der CPU (numba). Jedes Backend rechnet dasselbe; nur die Geschwindigkeit unterscheidet sich.</translation>
  </message>
  <message>
   <location filename="assets/presets/02_seed_cpu_vs_gpu.json" line="1" />
   <source>Press Start. Note the images per second in the status bar, and in Time per layer which layer takes the time: conv2 (32 to 64 channels) does most of the work of every step.</source>
   <translation>Drücke Start. Achte auf die Bilder pro Sekunde in der Statusleiste und unter Zeit pro Schicht darauf, welche Schicht die Zeit braucht: conv2 (32 auf 64 Kanäle) erledigt den Großteil jedes Schritts.</translation>
  </message>
  <message>
   <location filename="assets/presets/02_seed_cpu_vs_gpu.json" line="1" />
   <source>With an NVIDIA GPU: choose cuda or cupy under Backend while it trains. A purple mark on the curves shows the switch; the loss goes on where it was, and the timing bars of both backends stand side by side.</source>
   <translation>Mit einer NVIDIA-GPU: Wähle während des Trainings cuda oder cupy unter Backend. Eine violette Marke auf den Kurven zeigt den Wechsel; der Verlust macht weiter, wo er war, und die Zeitbalken beider Backends stehen nebeneinander.</translation>
  </message>
  <message>
   <location filename="assets/presets/02_seed_cpu_vs_gpu.json" line="1" />
   <source>No NVIDIA GPU here? Switch to numpy, the plain reference implementation: the same numbers, about three times slower than numba. Switch back to numba to finish the epoch (about 99% test accuracy).</source>
   <translation>Keine NVIDIA-GPU? Wechsle zu numpy, der einfachen Referenzimplementierung: dieselben Zahlen, etwa dreimal langsamer als numba. Wechsle zurück zu numba, um die Epoche zu beenden (etwa 99 % Testgenauigkeit).</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>Learning rate too high</source>
   <translation>Lernrate zu hoch</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>The tiny network with SGD + momentum at a learning rate of 0.5 (with momentum 0.9, each step moves about ten times that far).</source>
   <translation>Das kleine Netz mit SGD + Momentum bei einer Lernrate von 0,5 (mit Momentum 0,9 geht jeder Schritt etwa zehnmal so weit).</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>Press Start. Within the first steps the loss jumps up, then it sits at 2.3, the loss of a pure guess among ten digits (ln 10), and the accuracy at about 10%: the network has stopped learning.</source>
   <translation>Drücke Start. In den ersten Schritten springt der Verlust nach oben und bleibt dann bei 2,3, dem Verlust reinen Ratens unter zehn Ziffern (ln 10), und die Genauigkeit bei etwa 10 %: Das Netz lernt nicht mehr.</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>Open Statistics: within the first steps the gradients fall to exactly 0, and the plot says “No gradient”. The overshoot made every ReLU output zero, so no gradient flows back any more.</source>
   <translation>Öffne Statistik: In den ersten Schritten fallen die Gradienten auf genau 0, und das Diagramm sagt „Kein Gradient“. Das Überschießen hat jede ReLU-Ausgabe auf null gesetzt, deshalb fließt kein Gradient mehr zurück.</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>After about 150 steps at chance level (some seconds) cnnviz notices: it puts back the weights from before the jump, pauses, and says the training diverged and to lower the learning rate.</source>
   <translation>Nach etwa 150 Schritten auf Zufallsniveau (einige Sekunden) bemerkt cnnviz es: Es stellt die Gewichte von vor dem Sprung wieder her, hält an und meldet, dass das Training divergiert ist und die Lernrate gesenkt werden sollte.</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>Type 0.05 as the learning rate and press Resume (Space): the same network now learns, about 97% on the test images after 300 more steps.</source>
   <translation>Gib 0,05 als Lernrate ein und drücke Fortsetzen (Leertaste): Dasselbe Netz lernt jetzt, nach 300 weiteren Schritten etwa 97 % auf den Testbildern.</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>Overfitting on 200 images</source>
   <translation>Überanpassung an 200 Bilder</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>A roomy network (a 256-unit dense layer, no dropout) trains for 20 epochs on only 200 training images, and is tested on 2,000 others.</source>
   <translation>Ein großzügiges Netz (eine dichte Schicht mit 256 Einheiten, kein Dropout) trainiert 20 Epochen mit nur 200 Trainingsbildern und wird an 2.000 anderen getestet.</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>Press Start (it takes about a minute). The training accuracy (orange) climbs to 100% and the training loss to almost 0.</source>
   <translation>Drücke Start (es dauert etwa eine Minute). Die Trainingsgenauigkeit (orange) steigt auf 100 % und der Trainingsverlust fällt fast auf 0.</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>The test accuracy (green dots) stops near 80%, and after 4 to 7 epochs the test loss (green dots on the loss curve) turns and rises again, 15 to 30% above its lowest by the end: the network memorises its 200 examples instead of learning what makes a digit.</source>
   <translation>Die Testgenauigkeit (grüne Punkte) bleibt bei etwa 80 % stehen, und nach 4 bis 7 Epochen dreht der Testverlust (grüne Punkte auf der Verlustkurve) und steigt wieder, am Ende 15 bis 30 % über seinem Tiefstwert: Das Netz lernt seine 200 Beispiele auswendig, statt zu lernen, was eine Ziffer ausmacht.</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>Open Mistakes: which digits does it confuse, and how sure is it of its worst mistakes?</source>
   <translation>Öffne Fehler: Welche Ziffern verwechselt es, und wie sicher ist es sich bei seinen schlimmsten Fehlern?</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>Discuss: more data, dropout, or stopping at the lowest test loss? Try the first with the First look lesson (60,000 images).</source>
   <translation>Diskutiert: mehr Daten, Dropout oder beim niedrigsten Testverlust aufhören? Probiert das Erste mit der Lektion Erster Blick (60.000 Bilder).</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Draw something that is not a digit</source>
   <translation>Zeichne etwas, das keine Ziffer ist</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>A tiny network learns the digits in about 15 seconds; then the class draws things that are no digit and sees when it is not sure.</source>
   <translation>Ein kleines Netz lernt die Ziffern in etwa 15 Sekunden; dann zeichnet die Klasse Dinge, die keine Ziffern sind, und sieht, wann es nicht sicher ist.</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Press Start (Space) and wait for the end of the run (about 15 seconds, near 97% on test images). After each test, the app measures how sure it is of real test digits.</source>
   <translation>Drücke Start (Leertaste) und warte das Ende des Laufs ab (etwa 15 Sekunden, knapp 97 % auf den Testbildern). Nach jedem Test misst die App, wie sicher das Netz bei echten Testziffern ist.</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Draw a digit on the pad: the answer and the bars. Now press C and draw a house, a face, a star or a scribble. The network still picks a digit, sometimes at 90%: it knows only ten answers.</source>
   <translation>Zeichne eine Ziffer auf die Fläche: die Antwort und die Balken. Drücke jetzt C und zeichne ein Haus, ein Gesicht, einen Stern oder ein Gekritzel. Das Netz wählt trotzdem eine Ziffer, manchmal mit 90 %: Es kennt nur zehn Antworten.</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Watch for "not sure" under the answer (and a question mark on it): the drawing looks less like any digit than 96% of real test digits do (the energy score: how strongly any digit detector fires).</source>
   <translation>Achte auf „nicht sicher“ unter der Antwort (und ein Fragezeichen daran): Die Zeichnung sieht weniger nach einer Ziffer aus als 96 % der echten Testziffern (der Energie-Wert: wie stark irgendein Ziffern-Detektor anspricht).</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Which drawings still pass? A "T" or a circle often passes as a 7 or a 0. Discuss: is a confident answer the same as knowing?</source>
   <translation>Welche Zeichnungen kommen trotzdem durch? Ein „T“ oder ein Kreis geht oft als 7 oder 0 durch. Diskutiert: Ist eine sichere Antwort dasselbe wie Wissen?</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Open a photo of a digit on paper (File &gt; Open image…, Ctrl+O, right-click the canvas, or drop the file on it). The input shows what the network gets of it. Draw on the canvas to go back to drawing.</source>
   <translation>Öffne ein Foto einer Ziffer auf Papier (Datei &gt; Bild öffnen…, Strg+O, Rechtsklick auf die Fläche oder die Datei darauf ziehen). Die Eingabe zeigt, was das Netz davon bekommt. Zeichne auf der Fläche, um wieder zu zeichnen.</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Same start, two learning rates</source>
   <translation>Gleicher Start, zwei Lernraten</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>The tiny network with plain SGD on 12,800 images (200 steps), twice: once at a learning rate of 0.01, then, from exactly the same random weights and the same order of images, at 0.1. The only difference between the two runs is the learning rate.</source>
   <translation>Das kleine Netz mit einfachem SGD auf 12.800 Bildern (200 Schritte), zweimal: einmal mit Lernrate 0,01, dann mit genau denselben Zufallsgewichten und derselben Bildreihenfolge mit 0,1. Der einzige Unterschied zwischen den beiden Läufen ist die Lernrate.</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Press Start (Space): SGD at a learning rate of 0.01 trains for 200 steps. Watch how fast the loss falls.</source>
   <translation>Drücke Start (Leertaste): SGD mit Lernrate 0,01 trainiert 200 Schritte. Beobachte, wie schnell der Verlust fällt.</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>When it has finished, press K (File &gt; Keep this run for comparison): its curves stay on the plots, grey and dashed.</source>
   <translation>Wenn es fertig ist, drücke K (Datei &gt; Diesen Lauf zum Vergleich behalten): Seine Kurven bleiben grau und gestrichelt in den Diagrammen.</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Type 0.1 as the learning rate and press Start. The new run starts from the same random weights and sees the images in the same order. The line over the plots says what differs: lr 0.01 vs 0.1.</source>
   <translation>Gib 0,1 als Lernrate ein und drücke Start. Der neue Lauf beginnt mit denselben Zufallsgewichten und sieht die Bilder in derselben Reihenfolge. Die Zeile über den Diagrammen sagt, was sich unterscheidet: lr 0,01 vs 0,1.</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Compare the curves: in the same 200 steps the bigger steps get much further (on the 2,000 test images it tests on: about 93% against 83%); the line over the plots gives both test accuracies, A | B.</source>
   <translation>Vergleiche die Kurven: In denselben 200 Schritten kommen die größeren Schritte viel weiter (auf den 2.000 Testbildern, mit denen hier getestet wird: etwa 93 % gegen 83 %); die Zeile über den Diagrammen nennt beide Testgenauigkeiten, A | B.</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Look at the feature maps: A (the kept run, lr 0.01) stands left of B (lr 0.1), the same test image, each side on its own colour scale. Which run's maps pick out the strokes more clearly?</source>
   <translation>Sieh dir die Merkmalskarten an: A (der behaltene Lauf, lr 0,01) steht links von B (lr 0,1), dasselbe Testbild, jede Seite auf ihrer eigenen Farbskala. Wessen Karten heben die Striche deutlicher hervor?</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Is bigger always better? Press K to keep this run, try 1.0 (the highest learning rate the box takes), press Start and watch.</source>
   <translation>Ist größer immer besser? Drücke K, um diesen Lauf zu behalten, probiere 1,0 (die höchste Lernrate, die das Feld annimmt), drücke Start und schau zu.</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Look inside: what it learned, and how to fool it</source>
   <translation>Hineinschauen: was es gelernt hat und wie man es austrickst</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>The tiny network learns for one epoch; then the class looks at what each filter wants to see, at the map of what it learned, and changes a digit just enough to fool it.</source>
   <translation>Das kleine Netz lernt eine Epoche lang; dann schaut die Klasse an, was jeder Filter sehen will, betrachtet die Karte des Gelernten und ändert eine Ziffer gerade so viel, dass das Netz sich täuscht.</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Press Start (Space). While it learns, open the Map tab: each dot is a test image, coloured by its digit. After each test the dots move: clouds of the same digit pull apart as the network learns to tell them apart.</source>
   <translation>Drücke Start (Leertaste). Öffne währenddessen den Reiter Karte: Jeder Punkt ist ein Testbild, gefärbt nach seiner Ziffer. Nach jedem Test bewegen sich die Punkte: Wolken derselben Ziffer rücken auseinander, während das Netz lernt, sie zu unterscheiden.</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Which digits still overlap on the map? Point at a dot inside the wrong cloud: that image is one the network finds hard (often it also gets it wrong).</source>
   <translation>Welche Ziffern überlappen auf der Karte noch? Zeige auf einen Punkt in der falschen Wolke: Dieses Bild findet das Netz schwer (oft liegt es auch daneben).</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Open the Filters tab: for each filter of conv1, the nine test images that excite it most (the orange box is the patch it looks at) and the pattern it likes best: strokes and edges at one angle. Choose conv2, then the classes: 'dream' the pattern that looks most like a 3 to the network.</source>
   <translation>Öffne den Reiter Filter: Für jeden Filter von conv1 die neun Testbilder, die ihn am stärksten anregen (das orange Kästchen ist der Ausschnitt, den er ansieht), und das Muster, das er am liebsten mag: Striche und Kanten in einem Winkel. Wähle conv2, dann die Klassen: „Träume“ das Muster, das für das Netz am meisten wie eine 3 aussieht.</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Open the Fool tab: the network reads the test image correctly. Make it say 8 (Attack): each pixel changes by at most 50 of 255 grey levels, a speckle that looks nothing like an 8 to us, and it answers 8. Try 'the fewest pixels': how many pixels does it take?</source>
   <translation>Öffne den Reiter Tricks: Das Netz liest das Testbild richtig. Lass es 8 sagen (Angreifen): Jedes Pixel ändert sich um höchstens 50 von 255 Graustufen, ein Gesprenkel, das für uns nicht wie eine 8 aussieht, und es antwortet 8. Probiere „möglichst wenige Pixel“: Wie viele Pixel braucht es?</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Discuss: the network saw patterns, not digits. Why can a speckle that looks nothing like an 8 to us make it answer 8?</source>
   <translation>Diskutiert: Das Netz hat Muster gesehen, keine Ziffern. Warum kann ein Gesprenkel, das für uns nicht wie eine 8 aussieht, es 8 antworten lassen?</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Teach it our shapes</source>
   <translation>Bring ihm unsere Formen bei</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>The class invents its own classes (circle, triangle, star), draws examples on their phones, and a new tiny network learns them from scratch, from the class's own drawings only.</source>
   <translation>Die Klasse erfindet eigene Klassen (Kreis, Dreieck, Stern), zeichnet Beispiele auf den Handys, und ein neues winziges Netz lernt sie von Grund auf, nur aus den eigenen Zeichnungen der Klasse.</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Open the class canvas (F6, or the Class canvas button at the top right). The students scan the QR code with their phones; the panel counts the phones that have sent something.</source>
   <translation>Öffne die Klassen-Zeichenfläche (F6 oder die Schaltfläche Klassen-Zeichenfläche oben rechts). Die Schülerinnen und Schüler scannen den QR-Code mit ihren Handys; das Feld zählt die Handys, die etwas gesendet haben.</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Click Our own classes… and name three shapes: type circle and click Add, then triangle and star. The phones now ask: draw one of our classes and say which.</source>
   <translation>Klicke auf Unsere eigenen Klassen… und benenne drei Formen: Tippe Kreis und klicke auf Hinzufügen, dann Dreieck und Stern. Die Handys fragen jetzt: Zeichne eine unserer Klassen und sag, welche.</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Everyone draws a few of each shape. Accept the good drawings with A, reject scribbles with R, and keep a few with H as our own test set (never trained on). At least two of each shape are needed; ten of each are better.</source>
   <translation>Alle zeichnen ein paar von jeder Form. Nimm die guten Zeichnungen mit A an, lehne Gekritzel mit R ab und behalte einige mit H als unseren eigenen Testsatz (nie trainiert). Mindestens zwei von jeder Form sind nötig; zehn von jeder sind besser.</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Click Train a new net on our classes: a fresh tiny network with one output per shape starts from random weights and learns from the accepted drawings only. Watch the curves fall and the Kernels turn from noise into little stroke detectors.</source>
   <translation>Klicke auf Neues Netz auf unsere Klassen trainieren: Ein frisches winziges Netz mit einem Ausgang pro Form beginnt mit Zufallsgewichten und lernt nur aus den angenommenen Zeichnungen. Beobachte, wie die Kurven fallen und die Kernel von Rauschen zu kleinen Strichdetektoren werden.</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Feature maps: what the network sees in a drawing. On the phones, each drawing's answer (the shapes' names with their probabilities, or not sure) follows the network as it learns. Draw a new shape on a phone: does it know it?</source>
   <translation>Merkmalskarten: was das Netz in einer Zeichnung sieht. Auf den Handys folgt die Antwort zu jeder Zeichnung (die Namen der Formen mit ihren Wahrscheinlichkeiten, oder nicht sicher) dem Netz, während es lernt. Zeichne eine neue Form auf einem Handy: Erkennt es sie?</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Discuss: why are a few dozen drawings enough for three shapes, when the digits took thousands? What does it answer for a shape it never saw, a heart or a house?</source>
   <translation>Diskutiert: Warum reichen ein paar Dutzend Zeichnungen für drei Formen, wenn die Ziffern Tausende brauchten? Was antwortet es auf eine Form, die es nie gesehen hat, ein Herz oder ein Haus?</translation>
  </message>
  <message>
   <source>Look at the feature maps: A (the kept run, lr 0.01) stands left of B (lr 0.1), the same test image, one colour scale per pair. Which run's maps pick out the strokes more clearly?</source>
   <translation type="vanished">Sieh dir die Merkmalskarten an: A (der behaltene Lauf, lr 0,01) steht links von B (lr 0,1), dasselbe Testbild, eine Farbskala pro Paar. Wessen Karten heben die Striche deutlicher hervor?</translation>
  </message>
  <message>
   <source>Open Statistics: the gradient lines stop after the first steps. The overshoot made every ReLU output zero, so no gradient flows back any more.</source>
   <translation type="vanished">Öffne Statistik: Die Gradientenlinien enden nach den ersten Schritten. Das Überschießen hat jede ReLU-Ausgabe auf null gesetzt, deshalb fließt kein Gradient mehr zurück.</translation>
  </message>
  <message>
   <source>{loaded} Start continues training from these weights.</source>
   <translation type="vanished">{loaded} Start trainiert mit diesen Gewichten weiter.</translation>
  </message>
  <message>
   <source>{text} Note: {note}.</source>
   <translation type="vanished">{text} Hinweis: {note}.</translation>
  </message>
  <message>
   <source>{names} contain NaN or infinite numbers: training has blown up. Reset the network and lower the learning rate (try 10 times smaller).</source>
   <translation type="vanished">{names} enthalten NaN oder unendliche Zahlen: Das Training ist explodiert. Setze das Netz zurück und senke die Lernrate (versuche ein Zehntel).</translation>
  </message>
  <message>
   <source>In most recent steps no gradient at all reaches {names}: those weights have stopped learning. This usually means dead ReLUs (every unit outputs 0) after a too-large step. Reset the network and use a smaller learning rate.</source>
   <translation type="vanished">In den meisten der letzten Schritte erreicht {names} überhaupt kein Gradient: Diese Gewichte lernen nicht mehr. Meist heißt das: tote ReLUs (jede Einheit gibt 0 aus) nach einem zu großen Schritt. Setze das Netz zurück und nimm eine kleinere Lernrate.</translation>
  </message>
  <message>
   <source>The last run is also kept in an autosave, offered at the next start.</source>
   <translation type="vanished">Der letzte Lauf ist auch automatisch gesichert und wird beim nächsten Start angeboten.</translation>
  </message>
  <message>
   <source>{percent}% sure</source>
   <translation type="vanished">{percent} % sicher</translation>
  </message>
  <message>
   <source>This network knows {names}, but the class canvas holds drawings of {current}: it can only train further on drawings of its own classes. Name the same classes on the class canvas (F6), or press Reset for a new network of the data set.</source>
   <translation type="vanished">Dieses Netz kennt {names}, aber die Klassen-Zeichenfläche hat Zeichnungen von {current}: Es kann nur mit Zeichnungen seiner eigenen Klassen weiterlernen. Benenne auf der Klassen-Zeichenfläche (F6) dieselben Klassen oder drücke „Neu“ für ein neues Netz für den Datensatz.</translation>
  </message>
  <message>
   <source>{cause}. The weights were restored to step {step} and training is paused. {advice}</source>
   <translation type="vanished">{cause}. Die Gewichte wurden auf Schritt {step} zurückgesetzt, das Training ist pausiert. {advice}</translation>
  </message>
  <message>
   <source>Optimiser</source>
   <translation type="vanished">Optimierer</translation>
  </message>
  <message>
   <source>This network knows the class's own classes ({names}): it trains on the class's drawings (class canvas, F6: Train a new net on our classes). Reset gives a new network for the data set.</source>
   <translation type="vanished">Dieses Netz kennt unsere eigenen Klassen ({names}): Es lernt mit den Zeichnungen der Klasse (Klassen-Zeichenfläche, F6: Neues Netz auf unsere Klassen trainieren). „Neu“ gibt ein neues Netz für den Datensatz.</translation>
  </message>
  <message>
   <source>({index} of {total}, newest first)</source>
   <translation type="vanished">({index} von {total}, neueste zuerst)</translation>
  </message>
  <message>
   <source>{percent}%, not sure</source>
   <translation type="vanished">{percent} %, nicht sicher</translation>
  </message>
  <message>
   <source>showing the evidence for &lt;b&gt;{digit}&lt;/b&gt; ({percent}%)</source>
   <translation type="vanished">Beleg für &lt;b&gt;{digit}&lt;/b&gt; ({percent} %)</translation>
  </message>
  <message>
   <source>★ your drawing:
{where}</source>
   <translation type="vanished">★ deine Zeichnung:
{where}</translation>
  </message>
  <message>
   <source>labelled {label}{who}</source>
   <translation type="vanished">beschriftet als {label}{who}</translation>
  </message>
  <message>
   <source>labelled {label}{who}; the network reads {answer}, {verdict}</source>
   <translation type="vanished">beschriftet als {label}{who}; das Netz liest {answer}, {verdict}</translation>
  </message>
  <message>
   <source>Attacking {what} with the weights of step {step:,}…</source>
   <translation type="vanished">Greife {what} an mit den Gewichten von Schritt {step:,}…</translation>
  </message>
  <message>
   <source>{source} · weights of step {step}</source>
   <translation type="vanished">{source} · Gewichte von Schritt {step}</translation>
  </message>
  <message>
   <source>Nothing to map yet: waiting for {missing}.</source>
   <translation type="vanished">Noch nichts für die Karte: warte auf {missing}.</translation>
  </message>
  <message>
   <source>Explaining {what} with the weights of step {step}…</source>
   <translation type="vanished">Erkläre {what} mit den Gewichten von Schritt {step}…</translation>
  </message>
  <message>
   <source>{source}: the network says &lt;b&gt;{answer}&lt;/b&gt; ({percent}% sure){chosen} · weights of step {step}</source>
   <translation type="vanished">{source}: Das Netz sagt &lt;b&gt;{answer}&lt;/b&gt; (zu {percent} % sicher){chosen} · Gewichte von Schritt {step}</translation>
  </message>
  <message>
   <source>Nothing to explain yet: {what}.</source>
   <translation type="vanished">Noch nichts zu erklären: {what}.</translation>
  </message>
  <message>
   <source>the classes</source>
   <translation type="vanished">die Klassen</translation>
  </message>
  <message>
   <source>Saved the {what} to {path}</source>
   <translation type="vanished">{what} gespeichert in {path}</translation>
  </message>
  <message>
   <source>Could not export the {what}: {exc}</source>
   <translation type="vanished">{what} konnte nicht exportiert werden: {exc}</translation>
  </message>
  <message>
   <source>&lt;b&gt;{what}&lt;/b&gt; with the weights of step {step} (computed in {seconds} s)</source>
   <translation type="vanished">&lt;b&gt;{what}&lt;/b&gt; mit den Gewichten von Schritt {step} (berechnet in {seconds} s)</translation>
  </message>
  <message>
   <source>Nothing to look at yet: waiting for {missing}.</source>
   <translation type="vanished">Noch nichts zu sehen: warte auf {missing}.</translation>
  </message>
  <message>
   <source>Compare the curves: in the same 200 steps the bigger steps get much further (on our machine, over the whole test set: about 95% against 87%). Is bigger always better? Press K to keep this run, try 2.0, and watch.</source>
   <translation type="vanished">Vergleiche die Kurven: In denselben 200 Schritten kommen die größeren Schritte viel weiter (auf unserem Rechner, über den ganzen Testsatz: etwa 95 % gegen 87 %). Ist größer immer besser? Drücke K, um diesen Lauf zu behalten, probiere 2.0 und schau zu.</translation>
  </message>
 </context>
</TS>
