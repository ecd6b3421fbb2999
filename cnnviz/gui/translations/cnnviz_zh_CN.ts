<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
 <context>
  <name>cnnviz</name>
  <message>
   <location filename="cnnviz/app/about.py" line="15" />
   <source>cnnviz is free software under the MIT licence.</source>
   <translation>cnnviz 是采用 MIT 许可证的自由软件。</translation>
  </message>
  <message>
   <location filename="cnnviz/app/about.py" line="16" />
   <source>The bundled MNIST database of handwritten digits is by Yann LeCun, Corinna Cortes and Christopher J.C. Burges, used under the Creative Commons Attribution-Share Alike 3.0 licence (CC BY-SA 3.0).</source>
   <translation>随附的 MNIST 手写数字数据库由 Yann LeCun、Corinna Cortes 和 Christopher J.C. Burges 制作，依据知识共享署名-相同方式共享 3.0 许可协议（CC BY-SA 3.0）使用。</translation>
  </message>
  <message>
   <location filename="cnnviz/app/about.py" line="21" />
   <source>The window is made with Qt and PySide6 (LGPL-3.0), pyqtgraph (MIT); the computations with NumPy, numba and llvmlite (BSD), Pillow (MIT-CMU). The standalone bundle lists every licence in THIRD-PARTY-NOTICES.txt.</source>
   <translation>窗口由 Qt 和 PySide6（LGPL-3.0）、pyqtgraph（MIT）构建，计算使用 NumPy、numba 和 llvmlite（BSD）以及 Pillow（MIT-CMU）。独立版在 THIRD-PARTY-NOTICES.txt 中列出了所有许可证。</translation>
  </message>
  <message>
   <location filename="cnnviz/app/autosave.py" line="95" />
   <source>step {step:,}, {percent:.1f}%</source>
   <translation>第 {step:,} 步，{percent:.1f}%</translation>
  </message>
  <message>
   <location filename="cnnviz/app/autosave.py" line="94" />
   <source>step {step:,}</source>
   <translation>第 {step:,} 步</translation>
  </message>
  <message>
   <location filename="cnnviz/app/autosave.py" line="104" />
   <source>at an unknown time</source>
   <translation>未知时间</translation>
  </message>
  <message>
   <location filename="cnnviz/app/class_training.py" line="71" />
   <location filename="cnnviz/app/class_training.py" line="205" />
   <source>Name the class's own classes first (2 to 10 names), then collect drawings of them.</source>
   <translation>请先为班级自己的类别命名（2 到 10 个名称），然后收集它们的图画。</translation>
  </message>
  <message>
   <location filename="cnnviz/app/class_training.py" line="77" />
   <source>Too few drawings to train on: accept at least {least} drawings of each class. Still missing: {classes}.</source>
   <translation>图画太少，无法训练：每个类别至少采用 {least} 幅图画。仍然缺少：{classes}。</translation>
  </message>
  <message>
   <location filename="cnnviz/app/class_training.py" line="164" />
   <source>This network knows {names}: it trains further on the class canvas's drawings of them, and the class canvas (F6) now asks the phones for them. Accept at least {least} drawings of each, then press Start. Still missing: {classes}.</source>
   <translation>这个网络认识 {names}：它会用班级画板上这些类别的画继续学习，班级画板（F6）现在会请手机画它们。每个类别至少接受 {least} 幅画，然后按开始。还缺：{classes}。</translation>
  </message>
  <message>
   <location filename="cnnviz/app/class_training.py" line="150" />
   <source>This network knows {names}, but the class canvas holds drawings of {current}: it can only train further on drawings of its own classes. Name the same classes on the class canvas (F6), or choose a network of the data set under Network.</source>
   <translation>这个网络认识 {names}，但班级画板上的是 {current} 的画：它只能用自己类别的画继续学习。请在班级画板（F6）上起同样的类别名，或在“网络”中为数据集选一个网络。</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="28" />
   <source>net</source>
   <translation>网络</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="31" />
   <location filename="cnnviz/gui/exports.py" line="155" />
   <source>momentum</source>
   <translation>动量</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="32" />
   <source>batch</source>
   <translation>批次</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="33" />
   <location filename="cnnviz/gui/exports.py" line="157" />
   <source>schedule</source>
   <translation>调度</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="34" />
   <location filename="cnnviz/gui/exports.py" line="158" />
   <source>epochs</source>
   <translation>轮次</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="35" />
   <source>data</source>
   <translation>数据</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="36" />
   <location filename="cnnviz/classroom/report.py" line="280" />
   <location filename="cnnviz/gui/exports.py" line="152" />
   <source>backend</source>
   <translation>后端</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="37" />
   <location filename="cnnviz/gui/exports.py" line="159" />
   <source>seed</source>
   <translation>随机种子</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="197" />
   <source>this session</source>
   <translation>本次会话</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="263" />
   <location filename="cnnviz/app/side_by_side.py" line="40" />
   <location filename="cnnviz/classroom/report.py" line="184" />
   <source>, </source>
   <translation>，</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="272" />
   <source>{settings} (same settings)</source>
   <translation>{settings}（设置相同）</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="264" />
   <source>{name} {kept} vs {now} now</source>
   <translation>{name} {kept}（现在为 {now}）</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="36" />
   <source>now</source>
   <translation>当前</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="60" />
   <source>not tested yet</source>
   <translation>尚未测试</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="62" />
   <source>A {kept} | B {now}</source>
   <translation>A {kept} | B {now}</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="85" />
   <source>this one</source>
   <translation>本网络</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="51" />
   <source>A: {side}</source>
   <translation>A：{side}</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="51" />
   <source>B: {side}</source>
   <translation>B：{side}</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="77" />
   <source>A (left, kept): {a} | B (right, now): {b} · each pair on one colour scale</source>
   <translation>A（左，保留的）：{a} | B（右，当前）：{b} · 每对使用同一色标</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="82" />
   <source>A (left, kept): {a} | B (right, now): {b} · each side on its own colour scale</source>
   <translation>A（左，保留的）：{a} | B（右，当前）：{b} · 各自使用自己的色标</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="36" />
   <source>kept run ({source})</source>
   <translation>保留的训练（{source}）</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="109" />
   <source>A has no {layer}: another network ({kept} vs {now} now)</source>
   <translation>A 没有 {layer}：是另一个网络（{kept}，当前为 {now}）</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="114" />
   <source>A's {layer} is {a}, B's {b}: another network ({kept} vs {now} now)</source>
   <translation>A 的 {layer} 为 {a}，B 的为 {b}：是另一个网络（{kept}，当前为 {now}）</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="150" />
   <location filename="cnnviz/gui/panels/kernels.py" line="188" />
   <source>; </source>
   <translation>；</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="102" />
   <source>A ({source}) has no weights kept: its kernels cannot be shown</source>
   <translation>A（{source}）没有保留权重：无法显示其卷积核</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="104" />
   <source>A ({source}) has no weights kept: its maps cannot be shown</source>
   <translation>A（{source}）没有保留权重：无法显示其特征图</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="146" />
   <source>A's feature maps cannot be computed: {exc}</source>
   <translation>无法计算 A 的特征图：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numba_cpu/__init__.py" line="126" />
   <source>single-threaded sgemm per worker</source>
   <translation>每个工作线程单线程 sgemm</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numba_cpu/__init__.py" line="128" />
   <source>sgemm (BLAS threads not controllable)</source>
   <translation>sgemm（无法控制 BLAS 线程数）</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numba_cpu/__init__.py" line="134" />
   <source>Numba {numba} nogil kernels on 1 worker thread + NumPy {numpy} {library} {blas}, CPU</source>
   <translation>Numba {numba} nogil 内核，1 个工作线程 + NumPy {numpy} {library} {blas}，CPU</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numba_cpu/__init__.py" line="137" />
   <source>Numba {numba} nogil kernels on {threads} worker threads + NumPy {numpy} {library} {blas}, CPU</source>
   <translation>Numba {numba} nogil 内核，{threads} 个工作线程 + NumPy {numpy} {library} {blas}，CPU</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numba_cpu/__init__.py" line="143" />
   <source>{description}; {note}</source>
   <translation>{description}；{note}</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numpy_ref.py" line="26" />
   <source>NumPy {version} reference (im2col + BLAS matrix products), CPU</source>
   <translation>NumPy {version} 参考实现（im2col + BLAS 矩阵乘法），CPU</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/registry.py" line="34" />
   <source>NumPy reference (CPU)</source>
   <translation>NumPy 参考实现（CPU）</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/registry.py" line="35" />
   <source>Numba parallel kernels (CPU)</source>
   <translation>Numba 并行内核（CPU）</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/registry.py" line="37" />
   <source>Hand-written numba.cuda kernels (NVIDIA GPU)</source>
   <translation>手写 numba.cuda 内核（NVIDIA GPU）</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/registry.py" line="39" />
   <source>CuPy im2col + cuBLAS (NVIDIA GPU)</source>
   <translation>CuPy im2col + cuBLAS（NVIDIA GPU）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="77" />
   <source>Loss curve</source>
   <translation>损失曲线</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="78" />
   <source>Accuracy curve</source>
   <translation>准确率曲线</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="79" />
   <location filename="cnnviz/gui/panels/feature_maps.py" line="43" />
   <location filename="cnnviz/gui/panels/feature_maps.py" line="68" />
   <source>Feature maps</source>
   <translation>特征图</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="80" />
   <location filename="cnnviz/gui/panels/kernels.py" line="28" />
   <location filename="cnnviz/gui/panels/registry.py" line="325" />
   <source>Kernels</source>
   <translation>卷积核</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="81" />
   <location filename="cnnviz/gui/panels/registry.py" line="328" />
   <location filename="cnnviz/gui/panels/timings.py" line="69" />
   <source>Time per layer</source>
   <translation>每层耗时</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="82" />
   <source>Draw and classify, class drawings</source>
   <translation>手写识别、全班的手写</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="83" />
   <source>Mistakes (confusion matrix)</source>
   <translation>错误（混淆矩阵）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="84" />
   <source>Why? (saliency, occlusion)</source>
   <translation>为什么？（显著图、遮挡）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="85" />
   <location filename="cnnviz/gui/panels/filters.py" line="165" />
   <source>What each filter wants to see</source>
   <translation>每个滤波器想看到什么</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="86" />
   <location filename="cnnviz/gui/panels/map.py" line="52" />
   <location filename="cnnviz/gui/panels/map.py" line="80" />
   <source>Map of what it learned</source>
   <translation>所学内容的地图</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="87" />
   <location filename="cnnviz/gui/panels/fool.py" line="112" />
   <location filename="cnnviz/gui/panels/registry.py" line="265" />
   <source>Fool the network</source>
   <translation>骗过网络</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="88" />
   <location filename="cnnviz/gui/panels/registry.py" line="275" />
   <location filename="cnnviz/gui/panels/timelapse.py" line="40" />
   <source>Time-lapse</source>
   <translation>延时回放</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="89" />
   <location filename="cnnviz/gui/panels/statistics.py" line="90" />
   <source>Weight and gradient statistics</source>
   <translation>权重与梯度统计</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="198" />
   <source>true \ predicted</source>
   <translation>真实 \ 预测</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="62" />
   <source>n/a</source>
   <translation>无</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="150" />
   <source>Test evaluations</source>
   <translation>测试评估</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="244" />
   <source>Learned kernels</source>
   <translation>学到的卷积核</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="244" />
   <source>Red: positive weights, blue: negative, white: zero.</source>
   <translation>红色：正权重，蓝色：负权重，白色：零。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="273" />
   <source>{count} measurements</source>
   <translation>{count} 次测量</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="337" />
   <source>cnnviz training report</source>
   <translation>cnnviz 训练报告</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="191" />
   <source>Rows: the true digit; columns: what the network answered. {correct:,} of {total:,} test images correct ({share}).</source>
   <translation>行：真实数字；列：网络的回答。{total:,} 张测试图像中 {correct:,} 张正确（{share}）。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="273" />
   <source>whole step</source>
   <translation>整步</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="279" />
   <source>Median milliseconds per training step (batch of {batch}).</source>
   <translation>每个训练步的毫秒数中位数（批次大小 {batch}）。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="338" />
   <source>Created {date} with cnnviz {version}</source>
   <translation>{date} 由 cnnviz {version} 生成</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="80" />
   <source>Final test accuracy</source>
   <translation>最终测试准确率</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="90" />
   <source>Best test accuracy</source>
   <translation>最佳测试准确率</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="96" />
   <source>Final test loss</source>
   <translation>最终测试损失</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="101" />
   <source>Training steps</source>
   <translation>训练步数</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="152" />
   <source>Test evaluations ({shown} of {count} shown)</source>
   <translation>测试评估（显示 {count} 次中的 {shown} 次）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="156" />
   <location filename="cnnviz/gui/panels/statistics.py" line="115" />
   <source>step</source>
   <translation>步</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="156" />
   <location filename="cnnviz/classroom/report_curves.py" line="155" />
   <location filename="cnnviz/classroom/report_curves.py" line="162" />
   <source>epoch</source>
   <translation>轮次</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="156" />
   <location filename="cnnviz/classroom/report_curves.py" line="70" />
   <source>test loss</source>
   <translation>测试损失</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="156" />
   <location filename="cnnviz/classroom/report_curves.py" line="72" />
   <source>test accuracy</source>
   <translation>测试准确率</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="156" />
   <location filename="cnnviz/gui/exports.py" line="167" />
   <source>test images</source>
   <translation>测试图像</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="200" />
   <location filename="cnnviz/gui/panels/mistakes.py" line="109" />
   <source>Confusion matrix</source>
   <translation>混淆矩阵</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="202" />
   <location filename="cnnviz/gui/palette.py" line="125" />
   <source>correct</source>
   <translation>正确</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="242" />
   <source>kernels of {layer}</source>
   <translation>{layer} 的卷积核</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="280" />
   <location filename="cnnviz/gui/panels/timelapse.py" line="56" />
   <source>layer</source>
   <translation>层</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="282" />
   <source>forward ms</source>
   <translation>前向 ms</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="282" />
   <source>backward ms</source>
   <translation>反向 ms</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="282" />
   <source>share of step</source>
   <translation>占每步比例</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="285" />
   <source>Where the time goes</source>
   <translation>时间花在哪里</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="123" />
   <source>Speed</source>
   <translation>速度</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="130" />
   <source>No training steps were recorded.</source>
   <translation>没有记录到训练步。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="349" />
   <source>Summary</source>
   <translation>摘要</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="81" />
   <source>{accuracy} on {images:,} images (step {step:,})</source>
   <translation>{images:,} 张图像上 {accuracy}（第 {step:,} 步）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="91" />
   <source>{accuracy} (step {step:,})</source>
   <translation>{accuracy}（第 {step:,} 步）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="102" />
   <source>{steps:,} (epoch {epoch:.2f})</source>
   <translation>{steps:,}（轮次 {epoch:.2f}）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="109" />
   <source>Training loss (last {count} steps)</source>
   <translation>训练损失（最后 {count} 步）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="115" />
   <source>Batch accuracy (last {count} steps)</source>
   <translation>批次准确率（最后 {count} 步）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="185" />
   <source>{true} read as {predicted} ({count}×)</source>
   <translation>{true} 被认成 {predicted}（{count} 次）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="351" />
   <source>Settings</source>
   <translation>设置</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="124" />
   <source>{speed:,.0f} images/s (median) on {backend}</source>
   <translation>{backend} 上每秒 {speed:,.0f} 张（中位数）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="187" />
   <source>Most frequent mistakes: {listed}.</source>
   <translation>最常见的错误：{listed}。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="237" />
   <source>{layer}: {count} kernels {height}×{width}, input channel 0 of {channels}</source>
   <translation>{layer}：{count} 个 {height}×{width} 卷积核，{channels} 个输入通道中的第 0 个</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="239" />
   <source>{layer}: {count} kernels {height}×{width}</source>
   <translation>{layer}：{count} 个 {height}×{width} 卷积核</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="167" />
   <source>Compared with a kept run</source>
   <translation>与保留的训练比较</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="86" />
   <source>Loss</source>
   <translation>损失</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="87" />
   <location filename="cnnviz/classroom/report_curves.py" line="94" />
   <source>training step</source>
   <translation>训练步</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="88" />
   <location filename="cnnviz/classroom/report_curves.py" line="156" />
   <source>cross-entropy loss</source>
   <translation>交叉熵损失</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="93" />
   <source>Accuracy</source>
   <translation>准确率</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="95" />
   <location filename="cnnviz/classroom/report_curves.py" line="163" />
   <source>accuracy (%)</source>
   <translation>准确率（%）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="154" />
   <source>Loss, both runs</source>
   <translation>损失（两次训练）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="161" />
   <source>Accuracy, both runs</source>
   <translation>准确率（两次训练）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="53" />
   <source>training loss (per batch)</source>
   <translation>训练损失（每批次）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="98" />
   <source>Learning curves</source>
   <translation>学习曲线</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="111" />
   <source>kept run: training loss (smoothed)</source>
   <translation>保留的训练：训练损失（平滑）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="113" />
   <source>kept run: training accuracy (smoothed)</source>
   <translation>保留的训练：训练准确率（平滑）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="116" />
   <source>kept run: test loss</source>
   <translation>保留的训练：测试损失</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="118" />
   <source>kept run: test accuracy</source>
   <translation>保留的训练：测试准确率</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="143" />
   <source>this run: test loss</source>
   <translation>本次训练：测试损失</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="147" />
   <source>this run: test accuracy</source>
   <translation>本次训练：测试准确率</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="55" />
   <source>training loss (average of {count})</source>
   <translation>训练损失（{count} 步平均）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="63" />
   <source>training batch accuracy (average of {count})</source>
   <translation>训练批次准确率（{count} 步平均）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="126" />
   <source>this run: training loss (average of {count})</source>
   <translation>本次训练：训练损失（{count} 步平均）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="134" />
   <source>this run: training accuracy (average of {count})</source>
   <translation>本次训练：训练准确率（{count} 步平均）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="157" />
   <source>"Not sure"</source>
   <translation>“没把握”</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="46" />
   <source>What each filter of the classes wants to see</source>
   <translation>每个类别想看到什么</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="56" />
   <source>the classes' filters</source>
   <translation>各类别的滤波器</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="51" />
   <source>Each row: the test images that excite the unit most, then the input optimised to excite it (weights of step {step:,}).</source>
   <translation>每行：最能激活该单元的测试图像，然后是为激活它而优化出的输入（第 {step:,} 步的权重）。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="98" />
   <source>map of {count} test images</source>
   <translation>{count} 张测试图像的地图</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="105" />
   <source>{count:,} test images placed by the layer before the answer (PCA: the two directions it spreads most along, {percent:.0f}% of the spread; weights of step {step:,}). Close dots: images the network sees as alike.</source>
   <translation>{count:,} 张测试图像按回答前一层的输出排布（PCA：分布最广的两个方向，占总分布的 {percent:.0f}%；第 {step:,} 步的权重）。相近的点：网络认为相似的图像。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="130" />
   <source>the original</source>
   <translation>原图</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="131" />
   <source>the change</source>
   <translation>改动</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="132" />
   <source>the fooled input</source>
   <translation>骗过网络的输入</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="149" />
   <source>The Draw panel says "not sure" when an input's {method} score is above {threshold:.3g}: calibrated on {images:,} held-out test images, of which {percent:.1f}% are at or under it (accepted).</source>
   <translation>当输入的 {method} 分数高于 {threshold:.3g} 时，画板会显示“没把握”：在 {images:,} 张留出的测试图像上校准，其中 {percent:.1f}% 不高于该值（接受）。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="48" />
   <source>What each filter of {layer} wants to see</source>
   <translation>{layer} 的每个滤波器想看到什么</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="56" />
   <source>{layer} filters</source>
   <translation>{layer} 的滤波器</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="112" />
   <source>A map of what it learned</source>
   <translation>所学内容的地图</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="141" />
   <source>Fooling the network</source>
   <translation>骗过网络</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="171" />
   <source>scroll left</source>
   <translation>向左滚动</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="172" />
   <source>scroll right</source>
   <translation>向右滚动</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="173" />
   <source>scroll up</source>
   <translation>向上滚动</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="174" />
   <source>scroll down</source>
   <translation>向下滚动</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="178" />
   <source>picture</source>
   <translation>图</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="178" />
   <source>{title} picture</source>
   <translation>{title}：图</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="179" />
   <source>list</source>
   <translation>列表</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="179" />
   <source>{title} list</source>
   <translation>{title}：列表</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="180" />
   <source>tabs</source>
   <translation>标签页</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="180" />
   <source>{title} tabs</source>
   <translation>{title}：标签页</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="181" />
   <source>choice</source>
   <translation>选项</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="181" />
   <source>{title} choice</source>
   <translation>{title}：选项</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="182" />
   <source>number</source>
   <translation>数值</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="182" />
   <source>{title} number</source>
   <translation>{title}：数值</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="183" />
   <source>text field</source>
   <translation>文本框</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="183" />
   <source>{title} text field</source>
   <translation>{title}：文本框</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="184" />
   <source>slider</source>
   <translation>滑块</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="184" />
   <source>{title} slider</source>
   <translation>{title}：滑块</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="185" />
   <source>button</source>
   <translation>按钮</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="185" />
   <source>{title} button</source>
   <translation>{title}：按钮</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="197" />
   <source>More menus</source>
   <translation>更多菜单</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="226" />
   <source>predicted {name}, {percent}% sure</source>
   <translation>预测为 {name}，把握 {percent}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="263" />
   <source>Training stopped, test accuracy {percent}%</source>
   <translation>训练已停止，测试准确率 {percent}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="265" />
   <source>Training finished, test accuracy {percent}%</source>
   <translation>训练已完成，测试准确率 {percent}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="248" />
   <source>Training paused</source>
   <translation>训练已暂停</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="250" />
   <source>Training resumed</source>
   <translation>训练已继续</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="296" />
   <source>Views</source>
   <translation>视图</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="296" />
   <source>The pictures of the network: one tab each</source>
   <translation>网络的各种图：每种一个标签页</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="245" />
   <source>Training started on {backend}</source>
   <translation>已在 {backend} 上开始训练</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="253" />
   <source>Test accuracy {percent}% at step {step}</source>
   <translation>第 {step} 步测试准确率 {percent}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="257" />
   <location filename="cnnviz/gui/router.py" line="192" />
   <source>Training diverged: {message}</source>
   <translation>训练发散了：{message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="261" />
   <source>Training stopped</source>
   <translation>训练已停止</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="261" />
   <source>Training finished</source>
   <translation>训练已完成</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/background_warm_up.py" line="99" />
   <source>The numba kernels compile in the background, so that Start is quick; Start now compiles the rest.</source>
   <translation>numba 内核正在后台编译，这样点开始时更快；现在开始会先编译剩下的部分。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="86" />
   <source>Draw a digit with the mouse, a pen or a finger. C clears. Right-click or drop a file to classify a photo.</source>
   <translation>用鼠标、手写笔或手指写一个数字。按 C 清除。右键或拖入文件可识别照片。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="252" />
   <location filename="cnnviz/gui/menus.py" line="40" />
   <source>Open image…</source>
   <translation>打开图片…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="253" />
   <location filename="cnnviz/gui/panels/classify.py" line="58" />
   <source>Clear</source>
   <translation>清除</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="308" />
   <source>draw a digit here</source>
   <translation>在这里写一个数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="344" />
   <source>photo · draw to start over</source>
   <translation>照片 · 重新书写即可</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="342" />
   <source>photo: {name} · draw to start over</source>
   <translation>照片：{name} · 重新书写即可</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="39" />
   <source>cnnviz checkpoint</source>
   <translation>cnnviz 检查点</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="282" />
   <source>Save the trained model?</source>
   <translation>保存训练好的模型吗？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="290" />
   <source>Discard deletes it, its autosave too.</source>
   <translation>放弃将删除模型及其自动保存。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="144" />
   <source>Save model</source>
   <translation>保存模型</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="148" />
   <source>Load model</source>
   <translation>加载模型</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="179" />
   <source>There is no model to save yet.</source>
   <translation>还没有可以保存的模型。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="246" />
   <location filename="cnnviz/gui/questions.py" line="71" />
   <source>closing</source>
   <translation>关闭</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="266" />
   <source>The model was trained for one step and is not saved.</source>
   <translation>该模型已训练 1 步，尚未保存。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="273" />
   <source>The model was trained for {step} steps, {accuracy}% on the test images, and is not saved.</source>
   <translation>该模型已训练 {step} 步（测试图片上 {accuracy}%），尚未保存。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="340" />
   <source>Start continues training from these weights.</source>
   <translation>按“开始”会从这些权重继续训练。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="413" />
   <source>Restored the autosaved run ({run}, {when}).</source>
   <translation>已恢复自动保存的训练（{run}，{when}）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="193" />
   <location filename="cnnviz/gui/checkpoints.py" line="218" />
   <source>Saved the weights of step {step} to {path}</source>
   <translation>已将第 {step} 步的权重保存到 {path}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="224" />
   <source>Could not save the model: {error}</source>
   <translation>无法保存模型：{error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="267" />
   <source>The model was trained for {step} steps and is not saved.</source>
   <translation>该模型已训练 {step} 步，尚未保存。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="270" />
   <source>The model was trained for one step, {accuracy}% on the test images, and is not saved.</source>
   <translation>该模型已训练 1 步（测试图片上 {accuracy}%），尚未保存。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="283" />
   <source>{describe_unsaved}
Save it before {what}?</source>
   <translation>{describe_unsaved}
要先保存吗？（{what}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="304" />
   <source>Loading {name}…</source>
   <translation>正在加载 {name}…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="338" />
   <source>Loaded {name} (network {spec}).</source>
   <translation>已加载 {name}（网络 {spec}）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="184" />
   <source>Saving the model to {path}…</source>
   <translation>正在将模型保存到 {path}…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="318" />
   <source>loading {name}</source>
   <translation>加载 {name}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="328" />
   <source>Could not load the model: its network {spec!r} is not valid here</source>
   <translation>无法加载模型：其网络 {spec!r} 在此无效</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="433" />
   <source>Could not restore the autosave {path}: {error}</source>
   <translation>无法恢复自动保存 {path}：{error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="189" />
   <source>Could not save the model: {exc}</source>
   <translation>无法保存模型：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="207" />
   <source>Autosaved the model (step {step:,})</source>
   <translation>已自动保存模型（第 {step:,} 步）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="210" />
   <source>Could not autosave the model to {path}: {error}</source>
   <translation>无法将模型自动保存到 {path}：{error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="310" />
   <source>Could not load the model: {error}</source>
   <translation>无法加载模型：{error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="342" />
   <source>Note: {note}.</source>
   <translation>注意：{note}。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="400" />
   <source>Could not delete the autosave {path}: {exc}</source>
   <translation>无法删除自动保存 {path}：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="74" />
   <location filename="cnnviz/gui/class_canvas.py" line="126" />
   <location filename="cnnviz/gui/class_canvas.py" line="133" />
   <source>Class canvas</source>
   <translation>班级画板</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="130" />
   <source>Open the class canvas: phones on the classroom network draw for the network</source>
   <translation>打开班级画板：教室网络中的手机为网络画画</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="133" />
   <location filename="cnnviz/gui/class_canvas.py" line="134" />
   <location filename="cnnviz/gui/class_canvas_column.py" line="157" />
   <source>End class canvas</source>
   <translation>结束班级画板</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="159" />
   <source>This computer only (127.0.0.1)</source>
   <translation>仅本机（127.0.0.1）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="263" />
   <source>1 phone so far</source>
   <translation>目前 1 部手机</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="422" />
   <source>Save our drawings in a folder</source>
   <translation>把我们的图画保存到文件夹</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="468" />
   <source>no drawings held back, so its test is the drawings it learns from (hold some back with H)</source>
   <translation>没有留作测试的图画，所以它用学习的图画本身来测试（按 H 留一些）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="165" />
   <source>No network found: connect this computer to the classroom Wi-Fi or turn on its hotspot, then choose the network here. Only this computer can reach the canvas now.</source>
   <translation>未找到网络：请将本机连接到教室的 Wi-Fi 或打开它的热点，然后在这里选择网络。目前只有本机能访问画板。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="311" />
   <source>A drawing without a label waits: the phone did not say which it is</source>
   <translation>一幅没有标签的画在等待：手机没有说明它是哪一个</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="354" />
   <source>Type a name first.</source>
   <translation>请先输入名称。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="370" />
   <source>Choose a class in the list first.</source>
   <translation>请先在列表中选择一个类别。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="404" />
   <source>Draw one of our classes and say which</source>
   <translation>画出我们的一个类别，并说明是哪个</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="412" />
   <source>Name at least 2 classes: the phones then draw them instead of digits.</source>
   <translation>至少命名 2 个类别：之后手机上画的就是它们，而不是数字。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="457" />
   <source>Learning our {count} classes</source>
   <translation>学习我们的 {count} 个类别</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="263" />
   <source>{count} phones so far</source>
   <translation>目前 {count} 部手机</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="294" />
   <source>{count} waiting for you</source>
   <translation>{count} 幅等待你审核</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="388" />
   <source>Give 2 to 10 different names.</source>
   <translation>请给出 2 到 10 个不同的名称。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="437" />
   <source>Saved {count} drawings of {names} in {folder}.</source>
   <translation>已将 {names} 的 {count} 幅图画保存到 {folder}。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="466" />
   <source>its test: the {count} drawings held back</source>
   <translation>它的测试：留下的 {count} 幅图画</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="471" />
   <source>A new tiny network learns {names} from scratch on {count} accepted drawings; {test}.</source>
   <translation>一个新的微型网络用 {count} 幅已采用的图画从零开始学习 {names}；{test}。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="289" />
   <source>from phone {phone}</source>
   <translation>来自手机 {phone}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="357" />
   <source>{name} is named already.</source>
   <translation>{name} 已经命名过了。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="360" />
   <source>At most {count} classes.</source>
   <translation>最多 {count} 个类别。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="376" />
   <source>Drawings of {name} or of a class after it are on the wall or accepted: it stays.</source>
   <translation>{name} 或其后类别的图画正在等待或已被采用：不能删除。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="415" />
   <source>The phones draw {names}. Accept at least {least} drawings of each, then train.</source>
   <translation>手机上画 {names}。每个至少采用 {least} 幅，然后训练。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="184" />
   <source>The class canvas could not start: {error}</source>
   <translation>班级画板无法启动：{error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="434" />
   <source>Could not save the drawings: {error}</source>
   <translation>无法保存图画：{error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_answers.py" line="126" />
   <source>Our test set: {right} of {count} right · MNIST: {mnist}</source>
   <translation>我们的测试集：{count} 个中对 {right} 个 · MNIST：{mnist}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_answers.py" line="110" />
   <source>Our test set: none held back yet · MNIST: {mnist}</source>
   <translation>我们的测试集：尚未保留任何画 · MNIST：{mnist}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_answers.py" line="118" />
   <source>Our test set: {count} held back; this network does not know our classes yet</source>
   <translation>我们的测试集：留出了 {count} 幅；这个网络还不认识我们的类别</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="63" />
   <source>QR code of the class canvas's address</source>
   <translation>班级画板地址的二维码</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="69" />
   <source>The network the phones are on</source>
   <translation>手机所在的网络</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="75" />
   <source>What the phones ask for</source>
   <translation>手机上显示的任务</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="76" />
   <source>Draw any digit and say which</source>
   <translation>画任意一个数字，并说出是几</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="82" />
   <source>Our own classes…</source>
   <translation>我们自己的类别…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="84" />
   <source>Name 2 to 10 classes of your own (circle, triangle, star...): the phones draw them and a new small network learns them from scratch</source>
   <translation>为 2 到 10 个自己的类别命名（圆、三角形、星形……）：手机画出它们，一个新的小网络从零开始学习</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="96" />
   <source>A class's name, e.g. circle</source>
   <translation>类别名称，例如 圆</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="98" />
   <source>A class's name</source>
   <translation>类别名称</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="99" />
   <source>Add</source>
   <translation>添加</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="101" />
   <source>Remove</source>
   <translation>删除</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="108" />
   <source>Our own classes</source>
   <translation>我们自己的类别</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="109" />
   <source>Save our drawings…</source>
   <translation>保存我们的图画…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="111" />
   <source>The accepted drawings of our classes, with the classes' names, into a folder (those held back in its our-test folder); nothing is saved otherwise</source>
   <translation>把我们类别中已采用的图画连同类别名称保存到一个文件夹（留作测试的图画保存在其中的 our-test 文件夹）；否则什么也不会保存</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="129" />
   <source>Train a new net on our classes</source>
   <translation>用我们的类别训练新网络</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="132" />
   <source>A new tiny network learns our classes from scratch, from the accepted drawings only (those held back are its test)</source>
   <translation>一个新的微型网络只用已采用的图画从零开始学习我们的类别（留作测试的图画是它的测试）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="148" />
   <source>Drawings waiting for the teacher</source>
   <translation>等待老师审核的画</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="150" />
   <source>Accept (A)</source>
   <translation>采用（A）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="152" />
   <source>Our test (H)</source>
   <translation>测试用（H）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="153" />
   <source>Accept it into the class's own test set: never trained on</source>
   <translation>放入班级自己的测试集：永不用于训练</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="154" />
   <source>Reject (R)</source>
   <translation>拒绝（R）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="155" />
   <source>Reject everything from this phone</source>
   <translation>拒绝这部手机的所有画</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="78" />
   <source>Draw a {digit}</source>
   <translation>画一个 {digit}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/comparison.py" line="57" />
   <source>Kept this run for comparison (grey, dashed). Change a setting and press Start: the new run starts from the same random weights.</source>
   <translation>已保留本次训练以便比较（灰色虚线）。改一项设置再点开始：新的训练从相同的随机权重开始。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/comparison.py" line="84" />
   <location filename="cnnviz/gui/menus.py" line="49" />
   <source>Compare with a saved model…</source>
   <translation>与已保存的模型比较…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/comparison.py" line="53" />
   <source>Nothing to keep yet: {exc}.</source>
   <translation>还没有可保留的内容：{exc}。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/comparison.py" line="72" />
   <source>Cannot compare with this file: {exc}</source>
   <translation>无法与此文件比较：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="22" />
   <source>Images</source>
   <translation>图片</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="115" />
   <source>Open an image of a digit</source>
   <translation>打开一张数字图片</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="159" />
   <source>Draw a digit on the pad first, then click which digit it is.</source>
   <translation>请先在画板上写一个数字，再点击它是哪个数字。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="164" />
   <source>An opened photo is shown: the class drawings keep drawings made on the pad. Draw the digit on the pad, then click which digit it is.</source>
   <translation>当前显示的是打开的照片：全班的手写只保存画板上写的数字。请在画板上写数字，再点击它是哪个数字。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="183" />
   <source>No data set is loaded.</source>
   <translation>尚未加载数据集。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="186" />
   <source>Fine-tuning on drawings needs the MNIST digits data set.</source>
   <translation>用手写数字微调需要 MNIST 数字数据集。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="196" />
   <source>Fine-tuning on {count} class drawings</source>
   <translation>用 {count} 张全班的手写微调</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="94" />
   <source>untrained weights</source>
   <translation>未训练的权重</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="141" />
   <source>Opened {name}: the network gets it as the 28×28 input beside the canvas. Draw on the canvas (or press C) to draw again.</source>
   <translation>已打开 {name}：网络把它当作画板旁边的 28×28 输入。在画板上书写（或按 C）即可重新书写。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="152" />
   <source>Cannot open this image: {why}</source>
   <translation>无法打开这张图片：{why}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="208" />
   <source>{label}: one pass over {count:,} images, {mnist:,} of them MNIST digits (so that it keeps reading MNIST) and the drawings repeated to make up the rest, from the current weights. Class drawings shows the drawings' accuracy before and after, apart from MNIST's (the MNIST test accuracy is on MNIST's own test images).</source>
   <translation>{label}：从当前权重开始，把 {count:,} 张图片过一遍，其中 {mnist:,} 张是 MNIST 数字（让它仍能认 MNIST），其余是重复的手写。“全班的手写”会分别显示手写在微调前后的准确率，与 MNIST 分开（MNIST 测试准确率是在 MNIST 自己的测试图片上测得的）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="94" />
   <source>weights of step {step}</source>
   <translation>第 {step} 步的权重</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="194" />
   <source>Cannot fine-tune: {exc}</source>
   <translation>无法微调：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="28" />
   <source>Could not export the metrics: {exc}</source>
   <translation>无法导出指标：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="28" />
   <source>Saved the metrics to {path}</source>
   <translation>已将指标保存到 {path}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="29" />
   <source>Could not export the timings: {exc}</source>
   <translation>无法导出耗时：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="29" />
   <source>Saved the timings to {path}</source>
   <translation>已将耗时保存到 {path}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="30" />
   <source>Could not export the report: {exc}</source>
   <translation>无法导出报告：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="30" />
   <source>Saved the report to {path}</source>
   <translation>已将报告保存到 {path}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="62" />
   <location filename="cnnviz/gui/menus.py" line="32" />
   <source>Export panel as PNG</source>
   <translation>将面板导出为 PNG</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="150" />
   <source>network</source>
   <translation>网络</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="151" />
   <source>data set</source>
   <translation>数据集</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="153" />
   <source>optimizer</source>
   <translation>优化器</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="154" />
   <source>learning rate</source>
   <translation>学习率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="156" />
   <source>batch size</source>
   <translation>批次大小</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="228" />
   <source>Export metrics</source>
   <translation>导出指标</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="236" />
   <source>Export per-layer timings</source>
   <translation>导出每层耗时</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="244" />
   <source>Export HTML report</source>
   <translation>导出 HTML 报告</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="162" />
   <source>parameters</source>
   <translation>参数量</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="165" />
   <source>training images</source>
   <translation>训练图像</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="169" />
   <source>steps trained</source>
   <translation>已训练步数</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="173" />
   <source>accuracy on the class's drawings</source>
   <translation>在全班手写上的准确率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="57" />
   <source>Saved {path}</source>
   <translation>已保存 {path}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="55" />
   <source>Could not export the panel: {exc}</source>
   <translation>无法导出面板：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="194" />
   <source>Kept run ({source}): {description}</source>
   <translation>保留的训练（{source}）：{description}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="68" />
   <source>Open recent</source>
   <translation>最近打开</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="70" />
   <source>&amp;Help</source>
   <translation>帮助(&amp;H)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="71" />
   <source>About cnnviz…</source>
   <translation>关于 cnnviz…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="72" />
   <source>Documentation…</source>
   <translation>文档…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="73" />
   <source>Copy system info</source>
   <translation>复制系统信息</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="75" />
   <source>Versions, backends, screen and folders, to paste into a message when asking for help</source>
   <translation>版本、后端、屏幕和文件夹，求助时可粘贴到消息中</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="82" />
   <source>Models</source>
   <translation>模型</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="82" />
   <source>Lessons</source>
   <translation>课程</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="82" />
   <source>Compared runs</source>
   <translation>对比过的运行</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="109" />
   <source>System info copied: paste it into your message.</source>
   <translation>系统信息已复制：请粘贴到你的消息中。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="113" />
   <source>About cnnviz</source>
   <translation>关于 cnnviz</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="125" />
   <source>Documentation</source>
   <translation>文档</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="101" />
   <source>Clear the list</source>
   <translation>清空列表</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="49" />
   <source>Watch a convolutional network learn, live.</source>
   <translation>实时观看卷积神经网络的学习过程。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="126" />
   <source>The documentation (the docs folder and README.md) is in the release's source archive, cnnviz-{version}.tar.gz, beside the file you installed cnnviz from.</source>
   <translation>文档（docs 文件夹和 README.md）位于发布版的源代码包 cnnviz-{version}.tar.gz 中，与你安装 cnnviz 所用的文件放在一起。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="98" />
   <source>(nothing opened yet)</source>
   <translation>（尚未打开任何文件）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="56" />
   <source>Log file: {path}</source>
   <translation>日志文件：{path}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="56" />
   <source>none</source>
   <translation>无</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="54" />
   <source>Models are saved in: {folder}</source>
   <translation>模型保存位置：{folder}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/language.py" line="222" />
   <source>All files</source>
   <translation>所有文件</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/language.py" line="224" />
   <source>PNG image</source>
   <translation>PNG 图片</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/language.py" line="294" />
   <source>This is the language shown now.</source>
   <translation>这就是当前显示的语言。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="57" />
   <source>The previous step</source>
   <translation>上一步</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="58" />
   <source>Next ▶</source>
   <translation>下一步 ▶</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="59" />
   <source>The next step</source>
   <translation>下一步</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="60" />
   <source>Lesson view</source>
   <translation>课程视图</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="63" />
   <location filename="cnnviz/gui/lesson_strip.py" line="207" />
   <source>Hide the text (the title stays)</source>
   <translation>隐藏正文（标题保留）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="65" />
   <source>Close the lesson: the settings, panels and mode from before it come back</source>
   <translation>关闭课程：恢复课程之前的设置、面板和模式</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="151" />
   <source>The lesson's suggested view: presenter mode, only {views}. Click again for every panel.</source>
   <translation>课程建议的视图：演示模式，只显示 {views}。再点一次显示所有面板。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="153" />
   <source>The lesson's suggested view: only {views}. Click again for every panel.</source>
   <translation>课程建议的视图：只显示 {views}。再点一次显示所有面板。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="207" />
   <source>Show the text</source>
   <translation>显示正文</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="147" />
   <source>Lesson: {title}</source>
   <translation>课程：{title}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="169" />
   <source>step {page} of {last}</source>
   <translation>第 {page} 步，共 {last} 步</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="171" />
   <source>{last} steps</source>
   <translation>共 {last} 步</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="269" />
   <source>Applying…</source>
   <translation>正在应用…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="338" />
   <source>Open a lesson preset</source>
   <translation>打开课程</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="228" />
   <source>Kept the lesson's run for comparison (grey, dashed); the run from before the lesson is back.</source>
   <translation>已保留课程的运行以作比较（灰色虚线）；课程之前的运行已恢复。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="240" />
   <source>close the lesson</source>
   <translation>关闭课程</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="340" />
   <source>Lesson preset</source>
   <translation>课程</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="150" />
   <source>load the lesson “{title}”</source>
   <translation>加载课程“{title}”</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="351" />
   <source>Cannot use this lesson file: {exc}</source>
   <translation>无法使用此课程文件：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/live_view.py" line="142" />
   <source>Cannot compute the feature maps: {exc}</source>
   <translation>无法计算特征图：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="31" />
   <source>&amp;File</source>
   <translation>文件(&amp;F)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="35" />
   <source>Whole window</source>
   <translation>整个窗口</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="36" />
   <source>Export metrics as CSV…</source>
   <translation>将指标导出为 CSV…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="37" />
   <source>Export per-layer timings as CSV…</source>
   <translation>将每层耗时导出为 CSV…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="38" />
   <source>Export HTML report…</source>
   <translation>导出 HTML 报告…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="41" />
   <source>Classify a photo or scan of a digit (it shows on the drawing canvas)</source>
   <translation>识别数字的照片或扫描件（显示在画板上）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="43" />
   <source>Save model…</source>
   <translation>保存模型…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="44" />
   <source>Load model…</source>
   <translation>加载模型…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="50" />
   <source>Stop comparing</source>
   <translation>停止比较</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="54" />
   <source>Quit</source>
   <translation>退出</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="59" />
   <source>&amp;View</source>
   <translation>视图(&amp;V)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="60" />
   <source>Presenter mode (fewer, bigger pictures, full screen)</source>
   <translation>演示模式（图更少更大，全屏）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="63" />
   <source>Full screen</source>
   <translation>全屏</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="67" />
   <source>Zoom in</source>
   <translation>放大</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="68" />
   <source>Zoom out</source>
   <translation>缩小</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="69" />
   <source>Actual size</source>
   <translation>实际大小</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="81" />
   <source>Show every panel</source>
   <translation>显示所有面板</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="83" />
   <source>Language</source>
   <translation>语言</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="94" />
   <source>&amp;Lessons</source>
   <translation>课程(&amp;L)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="107" />
   <source>Open a lesson file…</source>
   <translation>打开课程文件…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="109" />
   <location filename="cnnviz/gui/menus.py" line="138" />
   <source>Open class canvas</source>
   <translation>打开班级画板</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="118" />
   <source>Export this panel as PNG…</source>
   <translation>将此面板导出为 PNG…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="47" />
   <source>Keep this run for comparison</source>
   <translation>保留本次训练以便比较</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="92" />
   <source>Keys…</source>
   <translation>快捷键…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="70" />
   <location filename="cnnviz/gui/menus.py" line="130" />
   <location filename="cnnviz/gui/window.py" line="328" />
   <source>Zoom {level}%</source>
   <translation>缩放 {level}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="97" />
   <source>(lesson presets unavailable: {problem})</source>
   <translation>（课程不可用：{problem}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/palette.py" line="126" />
   <source>wrong</source>
   <translation>错误</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="33" />
   <location filename="cnnviz/gui/panels/registry.py" line="316" />
   <source>Draw and classify</source>
   <translation>手写识别</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="46" />
   <source>Drawing canvas</source>
   <translation>画板</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="47" />
   <source>Draw a digit here with the mouse or a pen; the network classifies it as you draw. C clears it. Drop an image file here, or right-click and Open image, to classify a photo or scan.</source>
   <translation>用鼠标或手写笔在这里写一个数字，网络会边写边识别。按 C 清除。要识别照片或扫描件，可把图片文件拖到这里，或右键选择“打开图片”。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="59" />
   <source>Clear the drawing (C)</source>
   <translation>清除书写内容（C）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="65" />
   <location filename="cnnviz/gui/panels/classify.py" line="66" />
   <source>Stroke width</source>
   <translation>笔画粗细</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="79" />
   <location filename="cnnviz/gui/panels/feature_maps.py" line="192" />
   <location filename="cnnviz/gui/panels/timelapse.py" line="221" />
   <source>input</source>
   <translation>输入</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="82" />
   <source>What the network gets: your drawing as 28×28 pixels, centred like MNIST</source>
   <translation>网络得到的输入：你写的数字，像 MNIST 一样居中，28×28 像素</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="88" />
   <source>Network input</source>
   <translation>网络的输入</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="89" />
   <source>Your drawing as the 28 by 28 pixels the network gets, centred like MNIST</source>
   <translation>你写的数字变成网络得到的 28×28 像素，像 MNIST 一样居中</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="103" />
   <source>The network's answer: the class with the highest probability</source>
   <translation>网络的答案：概率最高的类别</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="111" />
   <source>How sure it is of this answer among its classes: it always picks one of them. Whether the drawing looks like any of them at all is what "not sure" says.</source>
   <translation>在它的类别中对这个答案有多大把握：它总会选其中一个。图画究竟像不像其中任何一个，由“没把握”来说明。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="126" />
   <source>Not sure</source>
   <translation>没把握</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="126" />
   <source>Why the network is not sure of its answer</source>
   <translation>网络为什么对答案没把握</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="236" />
   <source>{percent}%, but unlike real digits</source>
   <translation>{percent}%，但不像真实的数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="236" />
   <source>{percent}%, but unlike real images</source>
   <translation>{percent}%，但不像真实的图像</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="237" />
   <location filename="cnnviz/gui/panels/classify_arrangement.py" line="74" />
   <source>{percent}% among digits</source>
   <translation>数字中占 {percent}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="237" />
   <location filename="cnnviz/gui/panels/classify_arrangement.py" line="74" />
   <source>{percent}% among its classes</source>
   <translation>各类中占 {percent}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="61" />
   <source>stroke</source>
   <translation>笔画</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="165" />
   <source>class</source>
   <translation>类别</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="165" />
   <source>digit</source>
   <translation>数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="219" />
   <source>draw a digit</source>
   <translation>请写一个数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="221" />
   <source>no prediction: draw a digit</source>
   <translation>没有预测：请写一个数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="207" />
   <source>Not sure: this looks less like any image than {percent}% of real test images do</source>
   <translation>没把握：它比 {percent}% 的真实测试图片更不像任何一类</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="210" />
   <source>this looks less like any image than {percent}% of real test images do</source>
   <translation>它比 {percent}% 的真实测试图片更不像任何一类</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="243" />
   <source>not sure, {prediction}: {reason}</source>
   <translation>没把握，{prediction}：{reason}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="201" />
   <source>Not sure: this looks less like any digit than {percent}% of real test digits do</source>
   <translation>没把握：它比 {percent}% 的真实测试数字更不像数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="204" />
   <source>this looks less like any digit than {percent}% of real test digits do</source>
   <translation>它比 {percent}% 的真实测试数字更不像数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify_bars.py" line="102" />
   <source>Probabilities</source>
   <translation>概率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify_bars.py" line="102" />
   <source>One bar per class: how sure the network is</source>
   <translation>每个类别一根柱：网络有多大把握</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="23" />
   <source>Open a dataset folder…</source>
   <translation>打开数据集文件夹…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="173" />
   <source>a folder with the four MNIST-format IDX files (train-images-idx3-ubyte, train-labels-idx1-ubyte, t10k-..., .gz or not)</source>
   <translation>包含四个 MNIST 格式 IDX 文件的文件夹（train-images-idx3-ubyte、train-labels-idx1-ubyte、t10k-...，可带 .gz）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="200" />
   <source>Open a folder with MNIST-format IDX files</source>
   <translation>打开包含 MNIST 格式 IDX 文件的文件夹</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="222" />
   <location filename="cnnviz/gui/panels/presenter_toolbar.py" line="32" />
   <source>Test accuracy at the last evaluation</source>
   <translation>上次评估的测试准确率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="208" />
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="96" />
   <source>▶  Resume</source>
   <translation>▶  继续</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="208" />
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="96" />
   <source>❚❚  Pause</source>
   <translation>❚❚  暂停</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="270" />
   <source>not available here</source>
   <translation>此处不可用</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="331" />
   <source>valid: {count} layers</source>
   <translation>有效：{count} 层</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="221" />
   <source>at chance level: no better than a guess</source>
   <translation>处于随机水平：不比瞎猜好</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="221" />
   <source>good</source>
   <translation>良好</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="364" />
   <source>{count} trainable parameters</source>
   <translation>{count} 个可训练参数</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="428" />
   <source>The lesson asks for the {wanted} backend, which is not available here ({why}); using {chosen} instead.</source>
   <translation>本课程要求使用 {wanted} 后端，但此处不可用（{why}）；改用 {chosen}。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="42" />
   <location filename="cnnviz/gui/panels/curves.py" line="101" />
   <source>loss</source>
   <translation>损失</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="42" />
   <source>accuracy</source>
   <translation>准确率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="27" />
   <source>per step</source>
   <translation>每步</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="28" />
   <source>smoothed</source>
   <translation>平滑</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="29" />
   <location filename="cnnviz/gui/panels/curve_titles.py" line="36" />
   <source>test</source>
   <translation>测试</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="35" />
   <source>train</source>
   <translation>训练</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="25" />
   <source>Press Start (or Space) to train: the loss appears here step by step</source>
   <translation>点开始（或按空格键）开始训练：损失会在这里一步步出现</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="73" />
   <location filename="cnnviz/gui/panels/curves.py" line="94" />
   <location filename="cnnviz/gui/panels/curves.py" line="294" />
   <source>Training curves</source>
   <translation>训练曲线</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="95" />
   <source>Loss (per step, smoothed, test dots) and accuracy (train line, test dots) against epochs</source>
   <translation>随轮次变化的损失（每步、平滑、测试点）和准确率（训练线、测试点）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="304" />
   <source>Training curves, with a kept run for comparison</source>
   <translation>训练曲线（附保留的训练以作比较）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="436" />
   <source>test accuracy {accuracies} · {text}</source>
   <translation>测试准确率 {accuracies} · {text}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="297" />
   <source>- - - A, the kept run ({source}): {label}</source>
   <translation>- - - A，保留的训练（{source}）：{label}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="24" />
   <source>not evaluated yet</source>
   <translation>尚未评估</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="115" />
   <source>The class's drawings appear here.</source>
   <translation>全班的手写会显示在这里。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="43" />
   <source>Our drawings</source>
   <translation>我们的手写</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="43" />
   <source>does the network read the class's handwriting?</source>
   <translation>网络能认出全班的笔迹吗？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="46" />
   <source>&lt;b&gt;1.&lt;/b&gt; Draw a digit on the drawing pad.  &lt;b&gt;2.&lt;/b&gt; Click the digit you meant: it is saved for the class.</source>
   <translation>&lt;b&gt;1.&lt;/b&gt; 在画板上写一个数字。&lt;b&gt;2.&lt;/b&gt; 点击你写的是哪个数字：它会保存到全班的手写中。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="69" />
   <source>who drew it</source>
   <translation>书写人</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="73" />
   <source>Fine-tune</source>
   <translation>微调</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="76" />
   <source>Fine-tune on our drawings: train the current network one pass more on MNIST mixed with the class's drawings (a quarter of the images), starting from its current weights</source>
   <translation>用我们的手写微调：从当前权重开始，用混入全班手写（占四分之一）的 MNIST 再训练当前网络一遍</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="90" />
   <location filename="cnnviz/gui/panels/drawings.py" line="136" />
   <location filename="cnnviz/gui/panels/drawings.py" line="307" />
   <source>our drawings</source>
   <translation>我们的手写</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="93" />
   <source>the MNIST test set</source>
   <translation>MNIST 测试集</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="118" />
   <source>The class's drawings</source>
   <translation>全班的手写</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="119" />
   <source>Each drawing with its label, what the network reads and a check mark or a cross</source>
   <translation>每张手写及其标签、网络认成什么，以及对勾或叉号</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="127" />
   <source>Open folder</source>
   <translation>打开文件夹</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="130" />
   <source>Delete selected</source>
   <translation>删除所选</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="131" />
   <source>Remove a scribble or a wrongly labelled drawing</source>
   <translation>删除乱画或标错的手写</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="187" />
   <source>{count} drawings · {per_digit} · still missing: {missing}</source>
   <translation>{count} 张手写 · {per_digit} · 还缺：{missing}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="189" />
   <source>{count} drawings · {per_digit}</source>
   <translation>{count} 张手写 · {per_digit}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="160" />
   <source>Reading the class's drawings…</source>
   <translation>正在读取全班的手写…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="84" />
   <source>Name (optional)</source>
   <translation>名字（可选）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="155" />
   <source>Saved in {folder}</source>
   <translation>保存在 {folder}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="216" />
   <source>Saved as a {digit} ({count} drawings in {folder})</source>
   <translation>已保存为 {digit}（{folder} 中共 {count} 张手写）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="301" />
   <source>Measured on the drawings the network was fine-tuned on: new drawings are the fair test.</source>
   <translation>这是在微调用过的手写上测得的：新写的数字才是公平的测试。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="307" />
   <source>our drawings (none yet)</source>
   <translation>还没有手写</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="61" />
   <location filename="cnnviz/gui/panels/drawings.py" line="62" />
   <source>Save the drawing as a {digit}</source>
   <translation>将手写保存为 {digit}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="166" />
   <source>Could not read the drawings folder: {error}</source>
   <translation>无法读取手写文件夹：{error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="207" />
   <source>Could not save the drawing: {exc}</source>
   <translation>无法保存手写：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="292" />
   <source>our drawings ({correct} of {n})</source>
   <translation>我们的手写（{n} 张中 {correct} 张）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="296" />
   <source>our drawings ({correct} of {n}), {before_finetune:.0f}% before fine-tuning</source>
   <translation>我们的手写（{n} 张中 {correct} 张），微调前 {before_finetune:.0f}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="233" />
   <source>Could not delete the drawing: {exc}</source>
   <translation>无法删除手写：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="322" />
   <source>labelled {label} by {student}</source>
   <translation>标签 {label}，画的人：{student}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="322" />
   <source>labelled {label}</source>
   <translation>标签 {label}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="333" />
   <source>labelled {label} by {student}; the network reads {answer}, {verdict}</source>
   <translation>标签 {label}，画的人：{student}；网络认成 {answer}，{verdict}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="335" />
   <source>labelled {label}; the network reads {answer}, {verdict}</source>
   <translation>标签 {label}；网络认成 {answer}，{verdict}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="46" />
   <source>showing</source>
   <translation>显示</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="50" />
   <source>The layers shown: when all of them would be too small to see, the panel shows one conv layer with its pooling, or one layer (presenter mode: one layer, big)</source>
   <translation>所显示的层：全部显示会太小时，面板只显示一个卷积层及其池化层，或一个层（演示模式：一个层，放大）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="57" />
   <source>Layers shown</source>
   <translation>所显示的层</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="68" />
   <source>The input image and what each layer makes of it</source>
   <translation>输入图片，以及每一层把它变成了什么</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="75" />
   <source>Point at a feature-map pixel: what it sees lights up on the input; for conv1 you see the sum that made it.</source>
   <translation>指向特征图上的一个像素：它看到的区域会在输入上亮起；对 conv1 还能看到算出它的求和。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="300" />
   <source>your drawing</source>
   <translation>你的手写</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="302" />
   <source>label {label}</source>
   <translation>标签 {label}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="308" />
   <source>{source}: the network says {answer}, {percent}% sure</source>
   <translation>{source}：网络认为是 {answer}，把握 {percent}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="312" />
   <source>Feature maps of the weights of step {step}</source>
   <translation>第 {step} 步权重的特征图</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="343" />
   <source>{layer} maps 0–{last} of {count}</source>
   <translation>{layer} 的特征图 0–{last}（共 {count} 张）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="345" />
   <source>not shown</source>
   <translation>未显示</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="204" />
   <source>{count} maps</source>
   <translation>{count} 张图</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="97" />
   <source>Finding the test images that excite the {count} classes…</source>
   <translation>正在寻找最能激活 {count} 个类别的测试图片…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="99" />
   <source>Finding the test images that excite the {count} filters of {layer}…</source>
   <translation>正在寻找最能激活 {layer} 的 {count} 个滤波器的测试图片…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="165" />
   <location filename="cnnviz/gui/panels/why.py" line="87" />
   <source>on a copy of the latest weights, after each evaluation</source>
   <translation>用最新权重的副本，每次评估后更新</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="168" />
   <source>Whose units to look at: a conv layer's filters, or the output classes</source>
   <translation>要查看的单元：某个卷积层的滤波器，或输出类别</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="169" />
   <location filename="cnnviz/gui/panels/filters.py" line="170" />
   <source>Layer</source>
   <translation>层</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="174" />
   <source>Filters status</source>
   <translation>滤波器状态</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="181" />
   <location filename="cnnviz/gui/panels/registry.py" line="249" />
   <source>Filters</source>
   <translation>滤波器</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="181" />
   <source>For each unit, its top test images beside the input optimised to excite it</source>
   <translation>每个单元最能激活它的测试图片，旁边是为激活它而优化出的输入</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="288" />
   <source>Looking into {layer} with the weights of step {step}…</source>
   <translation>正在用第 {step} 步的权重查看 {layer}…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="359" />
   <source>&lt;b&gt;The {count} classes&lt;/b&gt; with the weights of step {step} (computed in {seconds} s)</source>
   <translation>第 {step} 步权重下的&lt;b&gt;{count} 个类别&lt;/b&gt;（用时 {seconds} 秒）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="361" />
   <source>&lt;b&gt;The {count} filters of {layer}&lt;/b&gt; with the weights of step {step} (computed in {seconds} s)</source>
   <translation>第 {step} 步权重下&lt;b&gt;{layer} 的 {count} 个滤波器&lt;/b&gt;（用时 {seconds} 秒）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="384" />
   <source>Each class: the 9 of the first {count} test images it scores highest; right: the input dreamed up to make it score highest (dream a 3), by {steps} steps of gradient ascent with jitter and blur. Click one to see it bigger.</source>
   <translation>每个类别：前 {count} 张测试图片中它打分最高的 9 张；右边：为让它打分最高而“梦”出来的输入（梦见一个 3），用带抖动和模糊的梯度上升算了 {steps} 步。点击可放大查看。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="390" />
   <source>Each filter: the 9 of the first {count} test images that excite it most, orange: the patch its strongest spot sees; right: the pattern that excites it most in such a patch, by {steps} steps of blurred gradient ascent. Click one to see it bigger.</source>
   <translation>每个滤波器：前 {count} 张测试图片中最能激活它的 9 张，橙色：它最强的位置看到的那一块；右边：在这样一块里最能激活它的图案，用带模糊的梯度上升算了 {steps} 步。点击可放大查看。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="118" />
   <source>Dreaming up the input that the {count} classes want most: step {done} of {steps}…</source>
   <translation>正在构想 {count} 个类别最想要的输入：第 {done} 步，共 {steps} 步…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="124" />
   <source>Dreaming up the input that the {count} filters of {layer} want most: step {done} of {steps}…</source>
   <translation>正在构想 {layer} 的 {count} 个滤波器最想要的输入：第 {done} 步，共 {steps} 步…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="278" />
   <source>Nothing to look at yet: waiting for the test images.</source>
   <translation>暂时没有可看的内容：正在等待测试图片。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="280" />
   <source>Nothing to look at yet: waiting for a network.</source>
   <translation>暂时没有可看的内容：正在等待网络。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="317" />
   <source>Could not look into the filters: {message}</source>
   <translation>无法查看滤波器：{message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="336" />
   <source>class {name}</source>
   <translation>类别 {name}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="338" />
   <source>{layer} filter {unit}</source>
   <translation>{layer} 滤波器 {unit}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="351" />
   <source>The test images that excite it most ({indices}), and the input optimised to excite it</source>
   <translation>最能激活它的测试图片（{indices}），以及为激活它而优化出的输入</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="249" />
   <source>Could not read the network {spec!r}: {exc}</source>
   <translation>无法读取网络 {spec!r}：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="255" />
   <source>the {count} classes</source>
   <translation>{count} 个类别</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="36" />
   <source>a little everywhere</source>
   <translation>处处改一点</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="36" />
   <source>the fewest pixels</source>
   <translation>改最少的像素</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="83" />
   <source>Could not make it say {target} within ± {levels} levels: try a bigger budget (it still says {now}, {percent}%).</source>
   <translation>在 ± {levels} 级以内没能让它说 {target}：试试放宽限度（它仍然说 {now}，{percent}%）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="92" />
   <source>{changed} of {pixels} pixels changed&lt;br&gt;by at most ± {levels} levels&lt;br&gt;size (L2): {l2}&lt;br&gt;{steps} steps, {seconds} s</source>
   <translation>{pixels} 个像素中改了 {changed} 个&lt;br&gt;最多 ± {levels} 级&lt;br&gt;大小（L2）：{l2}&lt;br&gt;{steps} 步，{seconds} 秒</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="112" />
   <source>change the input a little so that it answers another digit</source>
   <translation>把输入稍作改动，让它答成另一个数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="120" />
   <source>The digit the network should answer after the change</source>
   <translation>改动后希望网络给出的数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="121" />
   <source>Target digit</source>
   <translation>目标数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="127" />
   <source>The most any one pixel may change (black is 0, white is 255)</source>
   <translation>单个像素最多可改变多少（黑为 0，白为 255）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="128" />
   <source>Budget per pixel</source>
   <translation>每个像素的改动限度</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="133" />
   <source>A little everywhere: every pixel may change, within the budget (basic iterative method). The fewest pixels: one pixel at a time, each as far as the budget allows</source>
   <translation>处处改一点：每个像素都可以在限度内改变（基本迭代法）。改最少的像素：一次改一个像素，每个改到限度为止</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="138" />
   <source>How to change the input</source>
   <translation>如何改动输入</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="139" />
   <location filename="cnnviz/gui/panels/fool.py" line="317" />
   <location filename="cnnviz/gui/panels/fool.py" line="428" />
   <source>Attack</source>
   <translation>攻击</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="141" />
   <location filename="cnnviz/gui/panels/fool.py" line="429" />
   <source>Attack now, with the latest weights</source>
   <translation>用最新权重立即攻击</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="142" />
   <source>Save fooling image…</source>
   <translation>保存欺骗图片…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="144" />
   <source>Save the changed input as a 28×28 PNG: cnnviz predict --raw gives the same answer</source>
   <translation>将改动后的输入保存为 28×28 PNG：cnnviz predict --raw 会给出相同的答案</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="172" />
   <location filename="cnnviz/gui/panels/fool.py" line="431" />
   <source>Original, change and fooled input</source>
   <translation>原图、改动和骗过网络的输入</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="173" />
   <source>The input, the change made to it (amplified; orange: brighter, blue: darker, white: unchanged) and the changed input</source>
   <translation>输入、对它的改动（已放大；橙色：变亮，蓝色：变暗，白色：未变）以及改动后的输入</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="193" />
   <source>How small the change is: the most any one pixel changed (L-infinity), the size of the whole change (L2, in units of full white) and how many pixels changed at all</source>
   <translation>改动有多小：单个像素的最大改变（L∞）、整体改动的大小（L2，以纯白为单位），以及共改了多少个像素</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="275" />
   <source>&lt;b&gt;the change&lt;/b&gt;&lt;br&gt;orange: brighter, blue: darker</source>
   <translation>&lt;b&gt;改动&lt;/b&gt;&lt;br&gt;橙色：变亮，蓝色：变暗</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="277" />
   <source>&lt;b&gt;original&lt;/b&gt;&lt;br&gt;what the network saw</source>
   <translation>&lt;b&gt;原图&lt;/b&gt;&lt;br&gt;网络看到的</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="277" />
   <source>&lt;b&gt;fooled input&lt;/b&gt;&lt;br&gt;original + change</source>
   <translation>&lt;b&gt;骗过网络的输入&lt;/b&gt;&lt;br&gt;原图 + 改动</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="440" />
   <source>Save fooling image</source>
   <translation>保存欺骗图片</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="76" />
   <source>It already says {target} ({percent}%): choose another digit to aim for.</source>
   <translation>它已经说 {target} 了（{percent}%）：换一个目标数字吧。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="80" />
   <source>The network now says {target} ({percent}%) instead of {label}.</source>
   <translation>网络现在说 {target}（{percent}%），而不是 {label}。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="152" />
   <source>change each pixel by at most</source>
   <translation>每个像素最多改变</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="334" />
   <source>Nothing to attack yet: there are no weights (start training or load a model).</source>
   <translation>还没有可攻击的内容：还没有权重（请开始训练或加载模型）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="352" />
   <source>Attacking your drawing with the weights of step {step:,}…</source>
   <translation>正在用第 {step:,} 步的权重攻击你的手写…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="353" />
   <source>Attacking test image #{index} (true label {label}) with the weights of step {step:,}…</source>
   <translation>正在用第 {step:,} 步的权重攻击测试图片 #{index}（真实标签 {label}）…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="422" />
   <source>Your drawing · weights of step {step}</source>
   <translation>你的手写 · 第 {step} 步的权重</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="423" />
   <source>Test image #{index} (true label {label}) · weights of step {step}</source>
   <translation>测试图片 #{index}（真实标签 {label}） · 第 {step} 步的权重</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="453" />
   <source>Nothing to save yet: attack first.</source>
   <translation>还没有可保存的内容：请先攻击。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="126" />
   <source> of {levels} grey levels</source>
   <translation> / {levels} 级灰度</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="148" />
   <location filename="cnnviz/gui/panels/registry.py" line="269" />
   <source>Fool</source>
   <translation>骗过</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="149" />
   <source>make it say</source>
   <translation>让它说</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="273" />
   <source>&lt;b&gt;the change ×{factor}&lt;/b&gt;&lt;br&gt;orange: brighter, blue: darker</source>
   <translation>&lt;b&gt;改动 ×{factor}&lt;/b&gt;&lt;br&gt;橙色：变亮，蓝色：变暗</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="340" />
   <source>Nothing to attack yet: draw a digit on the pad first.</source>
   <translation>还没有可攻击的内容：请先在画板上写一个数字。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="341" />
   <source>Nothing to attack yet: no test image is loaded yet.</source>
   <translation>还没有可攻击的内容：还没有加载测试图片。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="390" />
   <source>Could not attack: {message}</source>
   <translation>无法攻击：{message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="463" />
   <source>Saved {written}: cnnviz predict --raw on it says {answer}.</source>
   <translation>已保存 {written}：cnnviz predict --raw 对它的答案是 {answer}。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="291" />
   <source>Attack (step {step:,})</source>
   <translation>攻击（第 {step:,} 步）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="293" />
   <source>Attack again with the weights of step {step:,} (the result shown used step {result:,})</source>
   <translation>用第 {step:,} 步的权重再次攻击（当前结果用的是第 {result:,} 步）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="459" />
   <source>Could not save the fooling image: {exc}</source>
   <translation>无法保存欺骗图片：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="60" />
   <source>before: {answer} ({percent}%)</source>
   <translation>改动前：{answer}（{percent}%）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="60" />
   <source>after: {answer} ({percent}%)</source>
   <translation>改动后：{answer}（{percent}%）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="199" />
   <source>One bar per digit: how sure the network is</source>
   <translation>每个数字一根柱：网络有多大把握</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="198" />
   <source>Probabilities before the change</source>
   <translation>改动前的概率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="198" />
   <source>Probabilities after the change</source>
   <translation>改动后的概率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="57" />
   <source>before</source>
   <translation>改动前</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="57" />
   <source>after</source>
   <translation>改动后</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="27" />
   <source>Test image</source>
   <translation>测试图片</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="28" />
   <source>My drawing</source>
   <translation>我的手写</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="35" />
   <source>Random</source>
   <translation>随机</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="42" />
   <location filename="cnnviz/gui/panels/input_choice.py" line="45" />
   <source>Index of the test image shown</source>
   <translation>所显示测试图片的编号</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="43" />
   <source>Previous test image</source>
   <translation>上一张测试图片</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="44" />
   <source>Next test image</source>
   <translation>下一张测试图片</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="45" />
   <source>Test image number</source>
   <translation>测试图片编号</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="46" />
   <source>A random test image</source>
   <translation>随机一张测试图片</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_source.py" line="33" />
   <source>my drawing</source>
   <translation>我的手写</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_source.py" line="34" />
   <source>the test image</source>
   <translation>测试图片</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_source.py" line="35" />
   <source>The test image chosen in Feature maps, or clicked in Mistakes</source>
   <translation>在特征图中选中或在错误中点击的测试图片</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="28" />
   <source>blue &lt; 0 &lt; red</source>
   <translation>蓝 &lt; 0 &lt; 红</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="30" />
   <source>A deeper conv layer: its kernels for one output channel</source>
   <translation>更深的卷积层：某个输出通道的卷积核</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="32" />
   <source>Output channel whose kernels (one per input channel) are shown</source>
   <translation>显示其卷积核（每个输入通道一个）的输出通道</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="36" />
   <source>Deeper layer</source>
   <translation>更深的层</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="37" />
   <source>Output channel</source>
   <translation>输出通道</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="41" />
   <source>Kernels of the kept run</source>
   <translation>保留的训练的卷积核</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="41" />
   <source>A is the kept run, B the run now</source>
   <translation>A 是保留的训练，B 是当前的训练</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="46" />
   <source>Convolution kernels</source>
   <translation>卷积核</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="46" />
   <source>Weights as colours: blue negative, white zero, red positive</source>
   <translation>用颜色表示权重：蓝色为负，白色为零，红色为正</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="34" />
   <source>Deeper:</source>
   <translation>更深：</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="34" />
   <source>channel</source>
   <translation>通道</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="182" />
   <source>&lt;b&gt;A&lt;/b&gt; · not shown (see above)</source>
   <translation>&lt;b&gt;A&lt;/b&gt; · 未显示（见上方）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="208" />
   <source>(mean over {count} inputs)</source>
   <translation>（{count} 个输入的平均）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="252" />
   <source>channel {channel}: {count} × {size}</source>
   <translation>通道 {channel}：{count} × {size}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="26" />
   <source>Press Start: the learning rate of every step is drawn here.</source>
   <translation>点开始：这里会画出每一步的学习率。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="48" />
   <location filename="cnnviz/gui/panels/learning_rate.py" line="58" />
   <location filename="cnnviz/gui/panels/registry.py" line="294" />
   <source>Learning rate</source>
   <translation>学习率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="49" />
   <source>how big a step the optimizer takes; the schedule raises it, then lowers it so that the network settles</source>
   <translation>优化器每一步走多大；调度先把它调高，再调低，让网络稳定下来</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="58" />
   <source>The learning rate of every step against epochs</source>
   <translation>每一步的学习率（横轴：轮次）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="119" />
   <source>No steps yet.</source>
   <translation>还没有训练步。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="140" />
   <source>now {rate} at epoch {epoch:.2f} (batch of {batch}) · highest {highest} at epoch {at:.2f}</source>
   <translation>当前 {rate}（第 {epoch:.2f} 轮，批大小 {batch}）· 最高 {highest}（第 {at:.2f} 轮）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="37" />
   <source>Each dot is a test image in its digit's colour. Close dots: images the network's last hidden layer sees as alike (seen along the two directions in which they differ most). Separate clouds: digits it tells apart.</source>
   <translation>每个点是一张测试图片，颜色表示它的数字。靠近的点：网络最后一个隐藏层认为相似的图片（沿着它们差别最大的两个方向来看）。分开的云团：网络能区分开的数字。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="42" />
   <source>Each dot is a test image in its class's colour. Close dots: images the network's last hidden layer sees as alike (seen along the two directions in which they differ most). Separate clouds: classes it tells apart.</source>
   <translation>每个点是一张测试图片，颜色表示它的类别。靠近的点：网络最后一个隐藏层认为相似的图片（沿着它们差别最大的两个方向来看）。分开的云团：网络能区分开的类别。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="52" />
   <source>each dot a test image, placed by the layer before the answer</source>
   <translation>每个点是一张测试图片，按答案前一层的输出摆放</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="54" />
   <location filename="cnnviz/gui/panels/map.py" line="213" />
   <location filename="cnnviz/gui/panels/map.py" line="392" />
   <source>Update</source>
   <translation>更新</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="55" />
   <source>Make the map again with the latest weights</source>
   <translation>用最新权重重新生成地图</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="60" />
   <source>Go back to the maps made earlier in the run (the Time-lapse's slider moves it too); at the right end: the latest</source>
   <translation>回到本次训练中较早的地图（延时回放的滑块也会移动它）；最右端是最新的</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="65" />
   <source>Map at an earlier step</source>
   <translation>较早步数的地图</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="81" />
   <source>Every test image is a dot coloured by its digit; images the network finds alike lie close together; the star is your drawing</source>
   <translation>每张测试图片是一个点，颜色表示它的数字；网络认为相似的图片彼此靠近；星号是你的手写</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="233" />
   <source>Nothing to map yet: waiting for the test images.</source>
   <translation>还没有可绘制的内容：正在等待测试图片。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="235" />
   <source>Nothing to map yet: waiting for the network's weights.</source>
   <translation>还没有可绘制的内容：正在等待网络的权重。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="253" />
   <source>Placing {count:,} test images with the weights of step {step}…</source>
   <translation>正在用第 {step} 步的权重摆放 {count:,} 张测试图片…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="289" />
   <source>Placing {count:,} test images with the weights of step {step}… ({done:,} of {count:,} read)</source>
   <translation>正在用第 {step} 步的权重摆放 {count:,} 张测试图片…（已读取 {done:,} / {count:,}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="346" />
   <source>latest map</source>
   <translation>最新的地图</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="374" />
   <source>Could not make the map: {message}</source>
   <translation>无法生成地图：{message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="401" />
   <source>{count:,} test images · weights of step {step:,} · the network gets {right:.0f}% of them right · the map keeps {explained:.0f}% of the spread</source>
   <translation>{count:,} 张测试图片 · 第 {step:,} 步的权重 · 网络认对 {right:.0f}% · 地图保留了 {explained:.0f}% 的差异</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="434" />
   <source>★ your drawing:
on the latest map</source>
   <translation>★ 你的手写：
在最新的图上</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="224" />
   <source>This network knows {names}: the map needs drawings of them. Press Start to train it on the class canvas's drawings: the map then shows those held back.</source>
   <translation>这个网络认识 {names}：地图需要这些类别的画。按开始，让它用班级画板的画学习：地图随后会显示留作测试的画。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="282" />
   <source>Placing {count:,} test images with the weights of step {step}… (all read: finding the two directions in which they differ most)</source>
   <translation>正在用第 {step} 步的权重摆放 {count:,} 张测试图片…（已全部读取：正在寻找它们差别最大的两个方向）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="444" />
   <source>★ your drawing:
nearest the {digit}s</source>
   <translation>★ 你的手写：
最靠近 {digit}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="446" />
   <source>★ your drawing:
nearest: {name}</source>
   <translation>★ 你的手写：
最靠近：{name}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="184" />
   <location filename="cnnviz/gui/panels/why.py" line="185" />
   <source>Update (step {step:,})</source>
   <translation>更新（第 {step:,} 步）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="246" />
   <source>Could not make the map: {exc}</source>
   <translation>无法生成地图：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="348" />
   <source>map at step {step:,}</source>
   <translation>第 {step:,} 步的地图</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="430" />
   <source>Could not place your drawing: {exc}</source>
   <translation>无法摆放你的手写：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map_picked.py" line="19" />
   <source>Point at a dot
to see its image</source>
   <translation>指向一个点
即可看到它的图片</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map_picked.py" line="78" />
   <source>test image #{index}
true digit {label}
it says {said} {mark}</source>
   <translation>测试图像 #{index}
真实数字 {label}
网络的答案 {said} {mark}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map_picked.py" line="80" />
   <source>test image #{index}
true class {label}
it says {said} {mark}</source>
   <translation>测试图像 #{index}
真实类别 {label}
网络的答案 {said} {mark}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map_picked.py" line="41" />
   <source>Test image under the pointer</source>
   <translation>指针下的测试图片</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map_picked.py" line="42" />
   <source>The test image of the dot under the pointer or last clicked</source>
   <translation>指针下或最后点击的点对应的测试图片</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="163" />
   <source>The images of the chosen cell appear here, the most confident first.</source>
   <translation>所选格子的图片会显示在这里，最有把握的在前。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="164" />
   <source>No mistakes yet (or no evaluation yet).</source>
   <translation>还没有错误（或者还没有评估）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="89" />
   <location filename="cnnviz/gui/panels/registry.py" line="227" />
   <source>Mistakes</source>
   <translation>错误</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="89" />
   <source>rows: the true digit · columns: what the network said · click a cell</source>
   <translation>行：真实数字 · 列：网络的答案 · 点击格子</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="104" />
   <location filename="cnnviz/gui/panels/mistakes.py" line="201" />
   <source>Train for a while: the matrix fills in at each test evaluation.</source>
   <translation>先训练一会儿：每次测试评估后矩阵会填上。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="109" />
   <location filename="cnnviz/gui/panels/mistakes.py" line="195" />
   <source>Empty until the first test evaluation</source>
   <translation>第一次测试评估前为空</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="203" />
   <source>Click a cell of the matrix to see its images.</source>
   <translation>点击矩阵中的格子查看其中的图片。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="204" />
   <source>Surest mistakes: wrong, and very confident about it</source>
   <translation>最有把握的错误：答错了，却非常有把握</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="430" />
   <location filename="cnnviz/gui/panels/mistakes.py" line="365" />
   <source>True {truth}, read correctly: {total} images</source>
   <translation>真实为 {truth}，认对了：{total} 张</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="432" />
   <location filename="cnnviz/gui/panels/mistakes.py" line="361" />
   <source>True {truth}, taken for {answer}: {total} images</source>
   <translation>真实为 {truth}，被认成 {answer}：{total} 张</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="111" />
   <source>true digit</source>
   <translation>真实数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="111" />
   <source>predicted digit</source>
   <translation>预测数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="161" />
   <source>Each image with its true digit, the prediction, how sure, and a check mark or a cross</source>
   <translation>每张图片及其真实数字、预测、把握多大，以及对勾或叉号</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="279" />
   <source>No mistakes at all.</source>
   <translation>一个错误也没有。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="160" />
   <source>Images of the chosen cell</source>
   <translation>所选格子的图片</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="160" />
   <source>Surest mistakes</source>
   <translation>最有把握的错误</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="256" />
   <source>Test accuracy &lt;b&gt;{test_accuracy:.1f}%&lt;/b&gt; on {samples:,} test images at step {step:,}. Left: how often each digit is read right.</source>
   <translation>第 {step:,} 步时，{samples:,} 张测试图片上的测试准确率为 &lt;b&gt;{test_accuracy:.1f}%&lt;/b&gt;。左侧：每个数字被认对的比例。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="413" />
   <source>Surest mistakes: {wrong} wrong of {samples:,}; the most confident first</source>
   <translation>最有把握的错误：{samples:,} 张中错了 {wrong} 张，最有把握的在前</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="436" />
   <source>, showing the {count} surest</source>
   <translation>，显示最有把握的 {count} 张</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="264" />
   <source>Test accuracy {percent}% at step {step}. Most often mixed up: {pairs}.</source>
   <translation>第 {step} 步测试准确率 {percent}%。最常混淆：{pairs}。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="272" />
   <source>Test accuracy {percent}% at step {step}. No mistakes at all.</source>
   <translation>第 {step} 步测试准确率 {percent}%。一个错误也没有。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="275" />
   <source>Most often mixed up: {pairs}</source>
   <translation>最常混淆：{pairs}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="379" />
   <source>test image #{index}: true {truth}, predicted {answer} ({percent}% sure), {verdict}. Click to look inside (feature maps, Why?).</source>
   <translation>测试图片 #{index}：真实 {truth}，预测 {answer}（把握 {percent}%），{verdict}。点击查看内部（特征图、为什么？）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="266" />
   <source>{truth} taken for {answer} {count} times</source>
   <translation>{truth} 被认成 {answer} {count} 次</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/presenter_toolbar.py" line="24" />
   <source>learning
rate</source>
   <translation>学习率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/presenter_toolbar.py" line="27" />
   <source>test
accuracy</source>
   <translation>测试
准确率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="82" />
   <source>Training</source>
   <translation>训练</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="236" />
   <source>Why?</source>
   <translation>为什么？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="245" />
   <source>What filters want</source>
   <translation>滤波器偏好</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="284" />
   <source>Statistics</source>
   <translation>统计</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="305" />
   <source>Class drawings</source>
   <translation>全班的手写</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="259" />
   <source>Map</source>
   <translation>地图</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="288" />
   <source>Stats</source>
   <translation>统计</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="298" />
   <source>Rate</source>
   <translation>学习率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="309" />
   <source>Drawings</source>
   <translation>手写</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="321" />
   <source>Draw</source>
   <translation>画板</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="333" />
   <source>Timings</source>
   <translation>耗时</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="36" />
   <source>custom</source>
   <translation>自定义</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="89" />
   <source>Run</source>
   <translation>运行</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="93" />
   <source>▶  Start</source>
   <translation>▶  开始</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="98" />
   <source>Step</source>
   <translation>单步</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="100" />
   <source>Reset</source>
   <translation>重置</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="101" />
   <source>New random weights; the curves start over</source>
   <translation>重新随机生成权重；曲线从头开始</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="102" />
   <source>Save…</source>
   <translation>保存…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="103" />
   <source>Load…</source>
   <translation>加载…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="104" />
   <source>Save the current weights as a .npz checkpoint</source>
   <translation>将当前权重保存为 .npz 检查点</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="105" />
   <source>Load a .npz checkpoint; Start continues training it</source>
   <translation>加载 .npz 检查点；点开始会继续训练它</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="124" />
   <source>Optimization</source>
   <translation>优化</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="131" />
   <source>Optimizer</source>
   <translation>优化器</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="135" />
   <source>onecycle: warm up to the learning rate, then anneal; constant: keep it</source>
   <translation>onecycle：先升到学习率再逐渐降低；constant：保持不变</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="136" />
   <source>Schedule</source>
   <translation>调度</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="139" />
   <source>Learning rate, logarithmic from 0.00001 to 1</source>
   <translation>学习率，对数刻度，从 0.00001 到 1</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="159" />
   <source>Momentum (sgd with momentum) or beta1 (adam)</source>
   <translation>动量（带动量的 sgd）或 beta1（adam）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="160" />
   <source>Momentum</source>
   <translation>动量</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="164" />
   <source>Batch size</source>
   <translation>批大小</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="169" />
   <source>Length of the run; takes effect at the next Start</source>
   <translation>训练的长度；下次点开始时生效</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="170" />
   <source>Epochs</source>
   <translation>轮次</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="195" />
   <source>Data and network</source>
   <translation>数据与网络</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="202" />
   <source>Dataset</source>
   <translation>数据集</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="209" />
   <source>type your own layer spec below</source>
   <translation>在下面输入你自己的层结构</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="210" />
   <source>Network</source>
   <translation>网络</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="213" />
   <source>convK-C[-same|-valid], relu, pool, dense-N, dropout-P, comma separated;
the last layer must be dense-10. Press Enter to apply.</source>
   <translation>convK-C[-same|-valid]、relu、pool、dense-N、dropout-P，用逗号分隔；
最后一层必须是 dense-10。按 Enter 应用。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="231" />
   <source>Backend</source>
   <translation>后端</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="95" />
   <source>Start training ({key})</source>
   <translation>开始训练（{key}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="97" />
   <source>Pause or resume ({key})</source>
   <translation>暂停或继续（{key}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="99" />
   <source>Train exactly one batch ({key})</source>
   <translation>只训练一个批次（{key}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="179" />
   <source>Changes to the optimiser apply at the next step (type a value, then Enter).
Keys: {start} start/pause · {step} step · {clear} clear drawing · {help} all keys</source>
   <translation>优化器的更改从下一步起生效（输入数值后按 Enter）。
快捷键：{start} 开始/暂停 · {step} 单步 · {clear} 清除书写 · {help} 全部快捷键</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="244" />
   <source>{name}  ({where}, not available)</source>
   <translation>{name} （{where}，不可用）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="250" />
   <source>not available: {why}</source>
   <translation>不可用：{why}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="37" />
   <source>Update size</source>
   <translation>更新幅度</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="37" />
   <source>Gradient norm</source>
   <translation>梯度范数</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="37" />
   <source>Weights</source>
   <translation>权重</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="68" />
   <source>Weights and gradients</source>
   <translation>权重与梯度</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="68" />
   <source>per weight tensor, every few steps</source>
   <translation>按权重张量，每隔几步</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="70" />
   <source>Percentile bands of this tensor's weights: 1–99% light, 25–75% dark, median</source>
   <translation>该张量权重的百分位带：1–99% 浅色，25–75% 深色，中位数</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="72" />
   <location filename="cnnviz/gui/panels/statistics.py" line="71" />
   <source>Weight distribution of</source>
   <translation>权重分布：</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="91" />
   <source>The chosen tensor's weight percentiles, each tensor's update-to-weight ratio and gradient size against steps</source>
   <translation>随步数变化的所选张量权重百分位、各张量的更新量与权重之比以及梯度大小</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="170" />
   <source>No gradient: every value is 0</source>
   <translation>没有梯度：所有值都是 0</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="109" />
   <source>|Δw| / |w| per step</source>
   <translation>每步 |Δw| / |w|</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="112" />
   <source>gradient norm</source>
   <translation>梯度范数</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="115" />
   <source>weights</source>
   <translation>权重</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="385" />
   <source>Statistics arrive every few steps while training. Healthy updates change the weights by about 1/1000 of their size per step (the green band).</source>
   <translation>训练时每隔几步会收到统计数据。健康的更新每步使权重变化约为其大小的 1/1000（绿色带）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="156" />
   <source>too small</source>
   <translation>太小</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="157" />
   <source>too big</source>
   <translation>太大</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="380" />
   <source>✓ Looks healthy: each step changes the weights by about {ratio} of their size (the green band).</source>
   <translation>✓ 看起来很健康：每一步权重的变化约为其大小的 {ratio}（绿色带）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="483" />
   <source>{layer} weights</source>
   <translation>{layer} 权重</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="40" />
   <source>one frame per test evaluation · drag the slider to go back in time</source>
   <translation>每次测试评估一帧 · 拖动滑块回到过去</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="44" />
   <location filename="cnnviz/gui/panels/timelapse.py" line="243" />
   <source>▶ Play</source>
   <translation>▶ 播放</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="45" />
   <source>Play the recording from the start</source>
   <translation>从头播放记录</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="51" />
   <source>GIF…</source>
   <translation>GIF…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="52" />
   <source>Export the kernels' time-lapse as an animated GIF</source>
   <translation>将卷积核的延时回放导出为 GIF 动画</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="53" />
   <source>PNGs…</source>
   <translation>PNG…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="54" />
   <source>Export one PNG per frame into a folder</source>
   <translation>每帧导出一张 PNG 到文件夹</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="61" />
   <source>Scrub through training: one position per evaluation</source>
   <translation>拖动浏览训练过程：每次评估一个位置</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="63" />
   <location filename="cnnviz/gui/panels/timelapse.py" line="113" />
   <source>Nothing recorded yet: press Start. A frame is kept at every test evaluation.</source>
   <translation>还没有记录：请点开始。每次测试评估都会保留一帧。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="229" />
   <source>not measured yet</source>
   <translation>尚未测量</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="247" />
   <source>❚❚ Stop</source>
   <translation>❚❚ 停止</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="260" />
   <source>Export time-lapse as GIF</source>
   <translation>将延时回放导出为 GIF</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="272" />
   <source>Export time-lapse frames into a folder</source>
   <translation>将延时回放的各帧导出到文件夹</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="231" />
   <source>Frame {index} of {count} · step {step:,} · epoch {epoch:.2f} · test accuracy {accuracy}</source>
   <translation>第 {index} 帧，共 {count} 帧 · 第 {step:,} 步 · 轮次 {epoch:.2f} · 测试准确率 {accuracy}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="262" />
   <source>Animated GIF</source>
   <translation>GIF 动画</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="287" />
   <source>Saved the time-lapse ({count} frames) to {path}</source>
   <translation>已将延时回放（{count} 帧）保存到 {path}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="300" />
   <source>Saved {count} PNG frames to {folder}</source>
   <translation>已将 {count} 帧 PNG 保存到 {folder}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="202" />
   <source>&lt;b&gt;{layer}&lt;/b&gt; kernels{channel}: {count} × {kh}×{kw}, one colour scale for every frame</source>
   <translation>&lt;b&gt;{layer}&lt;/b&gt; 卷积核{channel}：{count} × {kh}×{kw}，所有帧使用同一色标</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="227" />
   <source>&lt;b&gt;{name}&lt;/b&gt; ({c} maps)</source>
   <translation>&lt;b&gt;{name}&lt;/b&gt;（{c} 张图）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="284" />
   <source>Could not export the GIF: {exc}</source>
   <translation>无法导出 GIF：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="298" />
   <source>Could not export the frames: {exc}</source>
   <translation>无法导出各帧：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="266" />
   <source>{ms} ms/batch of {size}</source>
   <translation>{ms} ms/批（{size} 张）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="69" />
   <source>dark: forward · light: backward · latest of each backend</source>
   <translation>深色：前向 · 浅色：反向 · 各后端的最新值</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="94" />
   <source>Per-layer forward and backward times
appear here while training</source>
   <translation>每层的前向和反向时间
会在训练时显示在这里</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="189" />
   <source>A: its layers differ from B's (another network), its timings are not set beside</source>
   <translation>A：层与 B 不同（另一个网络），耗时不并排显示</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="79" />
   <source>ms per batch</source>
   <translation>每批 ms</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="87" />
   <source>images/s</source>
   <translation>张/秒</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="87" />
   <source>training time (s)</source>
   <translation>训练时间（秒）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="177" />
   <source>A: timings not recorded in this file</source>
   <translation>A：此文件中没有记录耗时</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="179" />
   <source>A: no timing was measured in the kept run</source>
   <translation>A：保留的训练中没有测量耗时</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="282" />
   <source>A's time is one measurement of the kept run, at its step {step:,}, under the load the computer had then: early steps (warm-up, kernels loading) and other programs make it slower than a run's usual pace.</source>
   <translation>A 的耗时是保留的训练在其第 {step:,} 步的一次测量，包含当时计算机的负载：早期的步骤（预热、加载内核）和其他程序都会让它比训练平常的速度慢。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="278" />
   <source>{ms} ms/batch of {size}, measured then (its step {step:,})</source>
   <translation>{ms} ms/批（{size} 张），当时测得（其第 {step:,} 步）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/unit_tile.py" line="84" />
   <source>{title}: click to see it bigger</source>
   <translation>{title}：点击放大</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="87" />
   <source>Why did it say that?</source>
   <translation>它为什么这么回答？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="91" />
   <source>Compute again with the latest weights</source>
   <translation>用最新权重重新计算</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="96" />
   <source>Which class's evidence to show (default: the one the network chose)</source>
   <translation>显示哪个类别的依据（默认：网络选的那个）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="101" />
   <source>Side of the black square slid over the image for the occlusion map</source>
   <translation>遮挡图中在图片上滑动的黑色方块的边长</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="108" />
   <location filename="cnnviz/gui/panels/why.py" line="105" />
   <source>evidence for class</source>
   <translation>依据类别</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="109" />
   <source>Occlusion patch size</source>
   <translation>遮挡块大小</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="117" />
   <source>Saliency and occlusion maps</source>
   <translation>显著图与遮挡图</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="118" />
   <source>The input; where a change would move the score most; where hiding the image hurts (orange) or helps (blue)</source>
   <translation>输入；改动后得分变化最大的地方；遮住后有害（橙色）或有益（蓝色）的地方</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="131" />
   <source>Saliency: the gradient of the class score with respect to each pixel (exact, one backward pass). Occlusion: a black square slides over the image and we watch the probability drop.</source>
   <translation>显著图：类别得分对每个像素的梯度（精确，一次反向传播）。遮挡：让黑色方块在图片上滑动，观察概率如何下降。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="164" />
   <source>predicted</source>
   <translation>预测</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="225" />
   <source>Explaining your drawing with the weights of step {step}…</source>
   <translation>正在用第 {step} 步的权重解释你的手写…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="226" />
   <source>Explaining test image #{index} (true label {label}) with the weights of step {step}…</source>
   <translation>正在用第 {step} 步的权重解释测试图片 #{index}（真实标签 {label}）…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="269" />
   <source>Your drawing: the network says &lt;b&gt;{answer}&lt;/b&gt; ({percent}% sure){chosen} · weights of step {step}</source>
   <translation>你的手写：网络认为是 &lt;b&gt;{answer}&lt;/b&gt;（把握 {percent}%）{chosen} · 第 {step} 步的权重</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="270" />
   <source>Test image #{index} (true label {label}): the network says &lt;b&gt;{answer}&lt;/b&gt; ({percent}% sure){chosen} · weights of step {step}</source>
   <translation>测试图片 #{index}（真实标签 {label}）：网络认为是 &lt;b&gt;{answer}&lt;/b&gt;（把握 {percent}%）{chosen} · 第 {step} 步的权重</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="103" />
   <source>Explain</source>
   <translation>解释</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="106" />
   <source>occlusion patch</source>
   <translation>遮挡块</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="211" />
   <source>Nothing to explain yet: there are no weights (start training or load a model).</source>
   <translation>还没有可解释的内容：还没有权重（请开始训练或加载模型）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="243" />
   <source>Could not explain: {message}</source>
   <translation>无法解释：{message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="263" />
   <source>; showing the evidence for &lt;b&gt;{digit}&lt;/b&gt; ({percent}%)</source>
   <translation>；显示 &lt;b&gt;{digit}&lt;/b&gt; 的依据（{percent}%）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="214" />
   <source>Nothing to explain yet: draw a digit on the pad first.</source>
   <translation>还没有可解释的内容：请先在画板上写一个数字。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="215" />
   <source>Nothing to explain yet: no test image is loaded yet.</source>
   <translation>还没有可解释的内容：还没有加载测试图片。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="16" />
   <source>&lt;b&gt;input&lt;/b&gt;&lt;br&gt;what the network sees</source>
   <translation>&lt;b&gt;输入&lt;/b&gt;&lt;br&gt;网络看到的</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="17" />
   <source>&lt;b&gt;saliency&lt;/b&gt;&lt;br&gt;where a change would&lt;br&gt;move the score most</source>
   <translation>&lt;b&gt;显著图&lt;/b&gt;&lt;br&gt;改动哪里&lt;br&gt;最能影响得分</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="18" />
   <source>&lt;b&gt;occlusion&lt;/b&gt;&lt;br&gt;orange: hiding it hurts&lt;br&gt;blue: hiding it helps</source>
   <translation>&lt;b&gt;遮挡&lt;/b&gt;&lt;br&gt;橙色：遮住会降低&lt;br&gt;蓝色：遮住会提高</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="14" />
   <source>&lt;b&gt;input&lt;/b&gt;</source>
   <translation>&lt;b&gt;输入&lt;/b&gt;</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="14" />
   <source>&lt;b&gt;saliency&lt;/b&gt;</source>
   <translation>&lt;b&gt;显著性&lt;/b&gt;</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="14" />
   <source>&lt;b&gt;occlusion&lt;/b&gt;&lt;br&gt;orange: hurts · blue: helps</source>
   <translation>&lt;b&gt;遮挡&lt;/b&gt;&lt;br&gt;橙色：降低 · 蓝色：提高</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="127" />
   <source>Stop and go ahead</source>
   <translation>停止并继续操作</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="201" />
   <source>Open the lesson?</source>
   <translation>打开课程？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="205" />
   <source>Open the lesson</source>
   <translation>打开课程</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="222" />
   <source>The lesson's run is not saved (step {step}).</source>
   <translation>课程的运行尚未保存（第 {step} 步）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="232" />
   <source>Closing the lesson stops it and brings back the settings and the run from before the lesson.</source>
   <translation>关闭课程会停止它，并恢复课程之前的设置和运行。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="235" />
   <source>Close the lesson?</source>
   <translation>关闭课程？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="242" />
   <source>Go on with the lesson</source>
   <translation>继续课程</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="246" />
   <source>Keep it to compare: its curves stay on the plots, grey and dashed, beside the run from before.</source>
   <translation>保留以作比较：它的曲线以灰色虚线留在图上，与之前的运行并列。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="247" />
   <source>Save it: a model file to load again later.</source>
   <translation>保存：存为模型文件，以后可再次加载。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="248" />
   <source>Discard it: the lesson's run is gone.</source>
   <translation>丢弃：课程的运行将消失。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="106" />
   <source>The run is paused</source>
   <translation>训练已暂停</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="107" />
   <source>A training run is paused. To {action}, it has to stop (the weights trained so far are replaced).

Stop the run and go ahead?</source>
   <translation>训练已暂停。要{action}，必须先停止训练（目前训练出的权重会被替换）。

停止训练并继续该操作吗？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="111" />
   <location filename="cnnviz/gui/questions.py" line="206" />
   <source>Keep the run</source>
   <translation>保留这次训练</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="115" />
   <source>Training is running</source>
   <translation>正在训练</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="116" />
   <source>A training run is going on. To {action}, it has to stop (the weights trained so far are replaced).

Stop the run and go ahead?</source>
   <translation>训练正在进行。要{action}，必须先停止训练（目前训练出的权重会被替换）。

停止训练并继续该操作吗？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="120" />
   <location filename="cnnviz/gui/questions.py" line="206" />
   <source>Keep training</source>
   <translation>继续训练</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="204" />
   <source>Save it first…</source>
   <translation>先保存…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="224" />
   <source>The lesson's run is paused at step {step}.</source>
   <translation>课程的运行在第 {step} 步暂停。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="226" />
   <source>The lesson's run is training (paused for this question at step {step}).</source>
   <translation>课程的运行正在训练（为此问题在第 {step} 步暂停）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="240" />
   <source>Save it…</source>
   <translation>保存…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="241" />
   <source>Discard it</source>
   <translation>丢弃</translation>
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
   <translation>开始新的训练</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="193" />
   <source>It is not saved.</source>
   <translation>它尚未保存。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="195" />
   <source>The lesson “{title}” sets it aside, stopped: closing the lesson brings it back, with its weights and curves.</source>
   <translation>课程“{title}”会停止并暂存它：关闭课程后，它会连同权重和曲线一起恢复。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="239" />
   <source>Keep it to compare</source>
   <translation>保留以作比较</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="183" />
   <source>The run now (step {step}) is not saved.</source>
   <translation>当前的运行（第 {step} 步）尚未保存。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="230" />
   <source>Its test accuracy: {accuracy}%.</source>
   <translation>测试准确率：{accuracy}%。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="187" />
   <source>A training run is paused at step {step}.</source>
   <translation>训练运行在第 {step} 步暂停。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="189" />
   <source>A training run is going on (paused for this question at step {step}).</source>
   <translation>训练运行正在进行（为此问题在第 {step} 步暂停）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="29" />
   <source>Restore an autosaved run?</source>
   <translation>恢复自动保存的训练吗？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="69" />
   <source>Restore</source>
   <translation>恢复</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="70" />
   <source>Discard</source>
   <translation>丢弃</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="71" />
   <source>Later</source>
   <translation>以后再说</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="18" />
   <source>network {network}, {run}, autosaved {when}</source>
   <translation>网络 {network}，{run}，自动保存于 {when}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="36" />
   <source>Runs of earlier sessions were autosaved (newest first). Restore the one chosen?</source>
   <translation>以前会话的训练已自动保存（最新的在前）。恢复所选的那个吗？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="63" />
   <source>Discard deletes the autosave; Later offers it again at the next start.</source>
   <translation>丢弃会删除自动保存；以后再说会在下次启动时再次提示。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="65" />
   <source>Discard deletes the autosaves listed; Later offers them again at the next start.</source>
   <translation>丢弃会删除列出的自动保存；以后再说会在下次启动时再次提示。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="57" />
   <source>Also delete the {count:,} older autosaves (not listed)</source>
   <translation>同时删除未列出的 {count:,} 个较早的自动保存</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="32" />
   <source>A run of an earlier session was autosaved{count}:
{describe_offer}.
Restore it?</source>
   <translation>之前的一次训练已自动保存{count}：
{describe_offer}。
要恢复吗？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="35" />
   <source>{hours} h {minutes:02d} min</source>
   <translation>{hours} 小时 {minutes:02d} 分</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="36" />
   <source>{minutes} min {seconds:02d} s</source>
   <translation>{minutes} 分 {seconds:02d} 秒</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="37" />
   <source>{seconds} s</source>
   <translation>{seconds} 秒</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="58" />
   <location filename="cnnviz/gui/status.py" line="36" />
   <source>ETA {value}</source>
   <translation>剩余 {value}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="180" />
   <source>{backend}: compiling kernels, first start only</source>
   <translation>{backend}：正在编译内核，仅首次启动需要</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="195" />
   <source>Training diverged and is paused. {advice}</source>
   <translation>训练发散了，已暂停。{advice}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="203" />
   <source>Training stopped: {message}</source>
   <translation>训练已停止：{message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="84" />
   <source>Display error: {error_type}: {exc}</source>
   <translation>显示错误：{error_type}：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="328" />
   <source>The network changed, so the run was stopped. Press Start to train the new network.</source>
   <translation>网络已更改，训练已停止。点开始训练新的网络。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="338" />
   <source>The data set changed, so the run was stopped. Press Start to train on it.</source>
   <translation>数据集已更改，训练已停止。点开始用它训练。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="233" />
   <source>starting over with new random weights</source>
   <translation>用新的随机权重重新开始</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="41" />
   <source>training on {train_used:,} of {train_total:,} images</source>
   <translation>用 {train_total:,} 张中的 {train_used:,} 张训练</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="47" />
   <source>testing on {test_used:,} of {test_total:,}</source>
   <translation>用 {test_total:,} 张中的 {test_used:,} 张测试</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="240" />
   <source>New random weights (seed {seed}).</source>
   <translation>新的随机权重（种子 {seed}）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="278" />
   <source>No data set is loaded: choose one that is installed, or start with --data DIR.</source>
   <translation>未加载数据集：请选择已安装的数据集，或用 --data DIR 启动。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="420" />
   <source>Training stopped by an error: {message}. The app is still running; change a setting and press Start to try again.</source>
   <translation>训练因错误停止：{message}。程序仍在运行；改一项设置再点开始重试。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="334" />
   <source>Cannot load the {name} data set: {exc}</source>
   <translation>无法加载数据集 {name}：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="387" />
   <source>Could not copy the final weights: {exc}</source>
   <translation>无法复制最终权重：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="397" />
   <source>{label} finished. Our drawings: {ours} (see the Class drawings tab).</source>
   <translation>{label} 已完成。我们的手写：{ours}（见“全班的手写”标签页）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="164" />
   <source>Cannot build the network: {exc}</source>
   <translation>无法构建网络：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="265" />
   <source>Learning our {count} classes further</source>
   <translation>继续学习我们的 {count} 个类别</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="285" />
   <source>Cannot start: {exc}</source>
   <translation>无法开始：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="73" />
   <source>While you type in a field (the learning rate, a network spec, a name) the keys type: Enter applies it and leaves the field, Escape leaves it unchanged.</source>
   <translation>在输入框（学习率、网络结构、名字）中输入时，按键用于打字：Enter 应用并离开输入框，Escape 不做更改。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="49" />
   <source>Start training, pause it, resume it</source>
   <translation>开始、暂停、继续训练</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="50" />
   <source>Train exactly one batch</source>
   <translation>只训练一个批次</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="51" />
   <source>Clear the drawing</source>
   <translation>清除书写内容</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="52" />
   <source>Save the model to a file</source>
   <translation>将模型保存到文件</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="53" />
   <source>Open a photo or scan of a digit to classify (or drop it on the canvas)</source>
   <translation>打开数字的照片或扫描件进行识别（也可拖到画板上）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="54" />
   <source>The previous test image (feature maps, Why?)</source>
   <translation>上一张测试图片（特征图、为什么？）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="55" />
   <source>The next test image (feature maps, Why?)</source>
   <translation>下一张测试图片（特征图、为什么？）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="56" />
   <source>The lesson's next step</source>
   <translation>课程的下一步</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="57" />
   <source>The lesson's previous step</source>
   <translation>课程的上一步</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="58" />
   <source>The next tab</source>
   <translation>下一个标签页</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="59" />
   <source>The previous tab</source>
   <translation>上一个标签页</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="60" />
   <source>Keep this run for comparison (the next run is drawn over it)</source>
   <translation>保留本次训练以便比较（下一次训练画在它上面）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="61" />
   <source>Presenter mode on or off</source>
   <translation>打开或关闭演示模式</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="62" />
   <source>Full screen on or off</source>
   <translation>打开或关闭全屏</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="63" />
   <source>Zoom in: larger text and plots (up to 200%)</source>
   <translation>放大：文字和图表更大（最高 200%）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="64" />
   <source>Zoom out (down to 80%)</source>
   <translation>缩小（最低 80%）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="65" />
   <source>Actual size (zoom 100%)</source>
   <translation>实际大小（缩放 100%）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="66" />
   <source>Open the class canvas (phones draw for the network), or end it</source>
   <translation>打开班级画板（手机为网络画画），或结束它</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="67" />
   <source>Class canvas: accept the chosen drawing</source>
   <translation>班级画板：采用选中的画</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="68" />
   <source>Class canvas: keep the chosen drawing for our own test set</source>
   <translation>班级画板：将选中的画留作我们自己的测试集</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="69" />
   <source>Class canvas: reject the chosen drawing</source>
   <translation>班级画板：拒绝选中的画</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="70" />
   <source>This list of keys</source>
   <translation>本快捷键列表</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="257" />
   <source>Keys</source>
   <translation>快捷键</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="85" />
   <source>{keys} or {key}</source>
   <translation>{keys} 或 {key}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="40" />
   <source>waiting for the last run's step to end…</source>
   <translation>正在等待上一次训练的最后一步结束…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="42" />
   <source>still waiting for the last run's step to end (over 30 s)…</source>
   <translation>仍在等待上一次训练的最后一步结束（超过 30 秒）…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="45" />
   <source>ready</source>
   <translation>就绪</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="46" />
   <source>idle</source>
   <translation>空闲</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="47" />
   <source>starting</source>
   <translation>正在开始</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="48" />
   <source>running</source>
   <translation>训练中</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="49" />
   <source>paused</source>
   <translation>已暂停</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="50" />
   <source>reset</source>
   <translation>已重置</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="51" />
   <source>finished</source>
   <translation>已完成</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="52" />
   <source>stopped</source>
   <translation>已停止</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="53" />
   <source>failed</source>
   <translation>失败</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="54" />
   <source>stopped by an error</source>
   <translation>因错误停止</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="55" />
   <source>ready · compiling kernels</source>
   <translation>就绪 · 正在编译内核</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="56" />
   <source>starting (loading data)…</source>
   <translation>正在开始（加载数据）…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="57" />
   <source>starting (loading data and compiling kernels)…</source>
   <translation>正在开始（加载数据并编译内核）…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="33" />
   <source>epoch {value}</source>
   <translation>轮次 {value}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="34" />
   <source>step {value}</source>
   <translation>第 {value} 步</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="35" />
   <source>backend {value}</source>
   <translation>后端 {value}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="37" />
   <source>test accuracy {value}</source>
   <translation>测试准确率 {value}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="140" />
   <source>Hide this message</source>
   <translation>隐藏此消息</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="422" />
   <source>{value} images/s</source>
   <translation>{value} 张/秒</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="65" />
   <source>cnnviz — watch a CNN learn</source>
   <translation>cnnviz — 看卷积神经网络学习</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="350" />
   <source>{zoom}: presenter mode's type stays as it is (it grows from {level}%)</source>
   <translation>{zoom}：演示模式的字号保持不变（从 {level}% 起才会变大）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="347" />
   <source>{zoom}: presenter mode's type is already the largest that fits this window ({width}×{height})</source>
   <translation>{zoom}：演示模式的字号已是此窗口（{width}×{height}）能容纳的最大字号</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="370" />
   <source>Zoom {asked}% does not fit this window ({width}×{height}): showing {level}%, the largest at which every view fits.</source>
   <translation>缩放 {asked}% 放不进此窗口（{width}×{height}）：改为显示 {level}%，即所有视图都能放下的最大比例。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="441" />
   <source>Test image #{index}: see inside it in Training (feature maps) and Why?</source>
   <translation>测试图片 #{index}：在“训练”（特征图）和“为什么？”中查看内部</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="386" />
   <source>Zoom {level}% is the largest at which every view fits this window ({width}×{height})</source>
   <translation>缩放 {level}% 是所有视图都能放进此窗口（{width}×{height}）的最大比例</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="332" />
   <source>{zoom} (could not be stored)</source>
   <translation>{zoom}（无法保存）</translation>
  </message>
  <message>
   <location filename="cnnviz/nn/model.py" line="44" />
   <source>the seed article's net: 2 conv5 layers (32, 64), dense 512</source>
   <translation>原文章的网络：2 个 conv5 层（32、64），dense 512</translation>
  </message>
  <message>
   <location filename="cnnviz/nn/model.py" line="45" />
   <source>Keras' mnist_cnn: 2 conv3 valid layers, dropout, dense 128</source>
   <translation>Keras 的 mnist_cnn：2 个 conv3 层（valid），dropout，dense 128</translation>
  </message>
  <message>
   <location filename="cnnviz/nn/model.py" line="46" />
   <source>tiny classroom net: conv5-8, conv3-16, dense 10 (trains in seconds)</source>
   <translation>课堂用的小网络：conv5-8，conv3-16，dense 10（几秒钟就能训练好）</translation>
  </message>
  <message>
   <location filename="cnnviz/nn/model.py" line="47" />
   <source>fastest recipe to 99%: conv5-24, conv3-32 valid, dense 256; 1.5 epochs, batch 256, Adam(0.7, 0.9), one-cycle with a 15% warm-up</source>
   <translation>达到 99% 的最快配方：conv5-24，conv3-32（valid），dense 256；1.5 轮，批次 256，Adam(0.7, 0.9)，带 15% 预热的 one-cycle</translation>
  </message>
  <message>
   <location filename="cnnviz/train/compile_kernels.py" line="25" />
   <source>{backend}: compiling kernels (the first start only; later starts load them from a cache)</source>
   <translation>{backend}：正在编译内核（仅首次启动；之后从缓存加载）</translation>
  </message>
  <message>
   <location filename="cnnviz/train/compile_kernels.py" line="36" />
   <source>{backend}: compiled kernels in {seconds:.1f} s</source>
   <translation>{backend}：内核编译用时 {seconds:.1f} 秒</translation>
  </message>
  <message>
   <location filename="cnnviz/train/events.py" line="186" />
   <source>{cause}. The weights of step {step} were put back (the step count goes on from {now}) and training is paused. {advice}</source>
   <translation>{cause}。权重已恢复为第 {step} 步时的状态（步数从 {now} 继续），训练已暂停。{advice}</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="170" />
   <source>the loss has stayed at chance level ({chance:.2f} = ln 10, a guess among ten classes) for {steps} steps after having been far higher</source>
   <translation>损失曾远高于随机猜测水平，之后已连续 {steps} 步停在该水平（{chance:.2f} = ln 10，即在十个类别中瞎猜）</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="153" />
   <source>for {steps} steps no gradient has reached the first layer (every unit on the way outputs 0: dead ReLUs) and the loss has stayed at chance level ({chance:.2f} = ln 10, a guess among ten classes)</source>
   <translation>已连续 {steps} 步没有梯度到达第一层（途中每个单元都输出 0：ReLU 死亡），损失停在随机猜测水平（{chance:.2f} = ln 10，即在十个类别中瞎猜）</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="163" />
   <source>the loss has stayed at chance level ({chance:.2f} = ln 10, a guess among ten classes) for {steps} steps after having been much lower</source>
   <translation>损失曾远低于随机猜测水平，之后已连续 {steps} 步停在该水平（{chance:.2f} = ln 10，即在十个类别中瞎猜）</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="265" />
   <source>a backup copy</source>
   <translation>备份</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="336" />
   <source>{old} failed during {where} ({error}); continuing on {cpu} from step {step}; the GPU's memory was lost, so training went back {back} steps to step {step}</source>
   <translation>{old} 在{where}时失败（{error}）；从第 {step} 步起改用 {cpu} 继续；GPU 显存已丢失，因此训练回退了 {back} 步，回到第 {step} 步</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="343" />
   <source>{old} failed during {where} ({error}); continuing on {cpu} from step {step}</source>
   <translation>{old} 在{where}时失败（{error}）；从第 {step} 步起改用 {cpu} 继续</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="285" />
   <source>the switch to {backend}</source>
   <translation>切换到 {backend}</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="295" />
   <source>{backend} failed to start ({error}); training stays on {current}</source>
   <translation>{backend} 启动失败（{error}）；训练继续在 {current} 上进行</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="258" />
   <source>{names} and {last}</source>
   <translation>{names} 和 {last}</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="320" />
   <source>{names} contain NaN or infinite numbers: training has blown up. Lower the learning rate (try 10 times smaller) and resume from the weights put back when the training diverged; if none were put back, reset the network.</source>
   <translation>{names} 含有 NaN 或无穷大的数：训练已经崩溃。请降低学习率（试试小 10 倍），从训练发散时恢复的权重继续训练；如果没有恢复权重，请重置网络。</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="382" />
   <source>In most recent steps no gradient at all reaches {names}: those weights have stopped learning. This usually means dead ReLUs (every unit outputs 0) after a too-large step; they do not come back by themselves. Lower the learning rate and resume from the weights put back when the training diverged; if none were put back, reset the network.</source>
   <translation>在最近的大多数步骤中，完全没有梯度到达 {names}：这些权重已停止学习。这通常意味着步长过大后 ReLU 死亡（每个单元都输出 0），它们不会自己恢复。请降低学习率，从训练发散时恢复的权重继续训练；如果没有恢复权重，请重置网络。</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="395" />
   <source>Vanishing gradients: each step changes {shown} by less than {ratio} of its size (healthy is about {healthy}), so those layers have almost stopped learning. Try a larger learning rate, the Adam optimizer, or a shallower network.</source>
   <translation>梯度消失：每一步对 {shown} 的改变小于其大小的 {ratio}（健康约为 {healthy}），因此这些层几乎停止了学习。请尝试更大的学习率、Adam 优化器或更浅的网络。</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="409" />
   <source>Steps are too big: each update changes {shown} by more than {ratio} of its size (healthy is about {healthy}). The learning rate is too high: the loss will jump around or get stuck. Lower the learning rate about 10 times.</source>
   <translation>步长太大：每次更新使 {shown} 的改变超过其大小的 {ratio}（健康约为 {healthy}）。学习率太高：损失会来回跳动或卡住。请把学习率降低约 10 倍。</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="422" />
   <source>Exploding gradients: the gradients of {names} grew more than {factor} times over the recent steps. Lower the learning rate before the loss turns into NaN.</source>
   <translation>梯度爆炸：{names} 的梯度在最近的步骤中增长了 {factor} 倍以上。请在损失变成 NaN 之前降低学习率。</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="445" />
   <source>Lower the learning rate (now {lr:g}) and resume.</source>
   <translation>请降低学习率（当前为 {lr:g}）后继续。</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="416" />
   <source>reading a gradient</source>
   <translation>读取梯度</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="459" />
   <source>an evaluation</source>
   <translation>评估</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="471" />
   <source>a snapshot</source>
   <translation>快照</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="487" />
   <source>saving</source>
   <translation>保存</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="327" />
   <source>a training step</source>
   <translation>训练步</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="380" />
   <source>reading the loss</source>
   <translation>读取损失</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="419" />
   <source>reading the layer timings</source>
   <translation>读取各层耗时</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="390" />
   <source>the loss became {loss} at step {step}</source>
   <translation>损失在第 {step} 步变成了 {loss}</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="283" />
   <source>the test accuracy fell to {accuracy:.1%}, chance level, after reaching {best:.1%}</source>
   <translation>测试准确率在达到 {best:.1%} 后跌到了 {accuracy:.1%}，即随机猜测水平</translation>
  </message>
  <message>
   <location filename="cnnviz/translatable.py" line="66" />
   <source>{names}, {name}</source>
   <translation>{names}、{name}</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>First look (tiny net)</source>
   <translation>初识（小网络）</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>A tiny network (two small convolutions, 9,226 weights) learns to read handwritten digits from scratch, in about half a minute on a laptop.</source>
   <translation>一个小网络（两个小卷积层，9,226 个权重）从零开始学习认手写数字，在笔记本电脑上大约半分钟。</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>Press Start (Space). The loss curve falls within seconds; the green dots (accuracy on test images the network never trains on) pass 90% within the first quarter of the epoch, and end near 98%.</source>
   <translation>点开始（空格键）。损失曲线几秒内就下降；绿点（网络从未训练过的测试图片上的准确率）在第一轮的前四分之一就超过 90%，最后接近 98%。</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>Kernels: the eight 5×5 conv1 kernels start as random noise. Watch them change in the first few hundred steps: most grow smoother, and several become little stroke detectors, a blue side next to a red side, which respond to an edge. (Some of the first noise stays: one pass over the data moves them only so far.)</source>
   <translation>卷积核：conv1 的八个 5×5 卷积核一开始是随机噪声。看它们在最初几百步里怎样变化：大多数变得更平滑，有几个变成小小的笔画检测器，蓝色一侧挨着红色一侧，对边缘有反应。（一部分初始噪声会留下：把数据过一遍只能改变这么多。）</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>Feature maps: each conv1 map shows where its kernel found its stroke in the test image. Point at a pixel to see the multiplication and sum that made it.</source>
   <translation>特征图：每张 conv1 特征图显示它的卷积核在测试图片中的哪里找到了它的笔画。指向一个像素，就能看到算出它的乘法和求和。</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>Draw a digit on the drawing pad: the bars are the network's ten probabilities. Try a sloppy 4, a 7 with a crossbar, or something that is no digit at all.</source>
   <translation>在画板上写一个数字：这些柱子是网络给出的十个概率。试试潦草的 4、带横杠的 7，或者根本不是数字的东西。</translation>
  </message>
  <message>
   <location filename="assets/presets/02_seed_cpu_vs_gpu.json" line="1" />
   <source>The seed article's network: CPU vs GPU</source>
   <translation>原文章的网络：CPU 对比 GPU</translation>
  </message>
  <message>
   <location filename="assets/presets/02_seed_cpu_vs_gpu.json" line="1" />
   <source>The full network of the seed article (convolutions with 32 and 64 channels, a 512-unit dense layer: about 1.7 million weights), on the CPU (numba). The same arithmetic runs on every backend; only the speed differs.</source>
   <translation>原文章的完整网络（32 和 64 通道的卷积层，一个 512 单元的全连接层：约 170 万个权重），在 CPU（numba）上运行。每个后端算的都一样，只是速度不同。</translation>
  </message>
  <message>
   <location filename="assets/presets/02_seed_cpu_vs_gpu.json" line="1" />
   <source>Press Start. Note the images per second in the status bar, and in Time per layer which layer takes the time: conv2 (32 to 64 channels) does most of the work of every step.</source>
   <translation>点开始。留意状态栏里每秒处理的图片数，并在“每层耗时”里看哪一层最花时间：conv2（32 到 64 通道）承担了每一步的大部分工作。</translation>
  </message>
  <message>
   <location filename="assets/presets/02_seed_cpu_vs_gpu.json" line="1" />
   <source>With an NVIDIA GPU: choose cuda or cupy under Backend while it trains. A purple mark on the curves shows the switch; the loss goes on where it was, and the timing bars of both backends stand side by side.</source>
   <translation>如果有 NVIDIA GPU：训练时在“后端”里选 cuda 或 cupy。曲线上的紫色标记表示切换；损失接着原来的位置继续，两个后端的耗时柱并排显示。</translation>
  </message>
  <message>
   <location filename="assets/presets/02_seed_cpu_vs_gpu.json" line="1" />
   <source>No NVIDIA GPU here? Switch to numpy, the plain reference implementation: the same numbers, about three times slower than numba. Switch back to numba to finish the epoch (about 99% test accuracy).</source>
   <translation>这里没有 NVIDIA GPU？切换到 numpy，也就是朴素的参考实现：结果相同，比 numba 慢约三倍。再切回 numba 完成这一轮（测试准确率约 99%）。</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>Learning rate too high</source>
   <translation>学习率太高</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>The tiny network with SGD + momentum at a learning rate of 0.5 (with momentum 0.9, each step moves about ten times that far).</source>
   <translation>小网络使用 SGD + 动量，学习率 0.5（动量为 0.9 时，每一步大约走十倍那么远）。</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>Press Start. Within the first steps the loss jumps up, then it sits at 2.3, the loss of a pure guess among ten digits (ln 10), and the accuracy at about 10%: the network has stopped learning.</source>
   <translation>点开始。最初几步损失就跳上去，然后停在 2.3，也就是在十个数字中纯瞎猜的损失（ln 10），准确率约 10%：网络不再学习了。</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>Open Statistics: within the first steps the gradients fall to exactly 0, and the plot says “No gradient”. The overshoot made every ReLU output zero, so no gradient flows back any more.</source>
   <translation>打开“统计”：在最初几步里梯度就降到正好 0，图上显示“没有梯度”。步子迈过头，让每个 ReLU 的输出都变成零，梯度就再也传不回去了。</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>After about 150 steps at chance level (some seconds) cnnviz notices: it puts back the weights from before the jump, pauses, and says the training diverged and to lower the learning rate.</source>
   <translation>在随机水平停留约 150 步（几秒钟）后，cnnviz 会发现：它恢复跳变前的权重，暂停，并提示训练发散了，应降低学习率。</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>Type 0.05 as the learning rate and press Resume (Space): the same network now learns, about 97% on the test images after 300 more steps.</source>
   <translation>把学习率改成 0.05，再点继续（空格键）：同一个网络现在能学了，再过 300 步，测试图片上约 97%。</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>Overfitting on 200 images</source>
   <translation>在 200 张图片上过拟合</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>A roomy network (a 256-unit dense layer, no dropout) trains for 20 epochs on only 200 training images, and is tested on 2,000 others.</source>
   <translation>一个宽裕的网络（256 单元的全连接层，没有 dropout）只用 200 张训练图片训练 20 轮，并在另外 2,000 张图片上测试。</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>Press Start (it takes about a minute). The training accuracy (orange) climbs to 100% and the training loss to almost 0.</source>
   <translation>点开始（大约需要一分钟）。训练准确率（橙色）升到 100%，训练损失几乎降到 0。</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>The test accuracy (green dots) stops near 80%, and after 4 to 7 epochs the test loss (green dots on the loss curve) turns and rises again, 15 to 30% above its lowest by the end: the network memorises its 200 examples instead of learning what makes a digit.</source>
   <translation>测试准确率（绿点）停在 80% 左右，4 到 7 轮之后测试损失（损失曲线上的绿点）掉头回升，到最后比最低点高出 15% 到 30%：网络在死记那 200 个例子，而不是学习数字的本质。</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>Open Mistakes: which digits does it confuse, and how sure is it of its worst mistakes?</source>
   <translation>打开“错误”：它把哪些数字弄混了？对最糟的错误它有多大把握？</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>Discuss: more data, dropout, or stopping at the lowest test loss? Try the first with the First look lesson (60,000 images).</source>
   <translation>讨论：更多数据、dropout，还是在测试损失最低时停下？第一种可以用“初识”课程（60,000 张图片）试试。</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Draw something that is not a digit</source>
   <translation>画一个不是数字的东西</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>A tiny network learns the digits in about 15 seconds; then the class draws things that are no digit and sees when it is not sure.</source>
   <translation>小网络大约 15 秒学会认数字；然后全班画一些不是数字的东西，看看它什么时候没把握。</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Press Start (Space) and wait for the end of the run (about 15 seconds, near 97% on test images). After each test, the app measures how sure it is of real test digits.</source>
   <translation>点开始（空格键），等训练结束（约 15 秒，测试图片上接近 97%）。每次测试后，程序都会测量网络对真实测试数字有多大把握。</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Draw a digit on the pad: the answer and the bars. Now press C and draw a house, a face, a star or a scribble. The network still picks a digit, sometimes at 90%: it knows only ten answers.</source>
   <translation>在画板上写一个数字：看答案和柱子。然后按 C，画一座房子、一张脸、一颗星或随手乱画。网络仍然会选一个数字，有时把握高达 90%：它只知道十个答案。</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Watch for "not sure" under the answer (and a question mark on it): the drawing looks less like any digit than 96% of real test digits do (the energy score: how strongly any digit detector fires).</source>
   <translation>注意答案下方的“没把握”（以及答案上的问号）：这幅画比 96% 的真实测试数字更不像数字（能量分数：各个数字检测器的反应有多强）。</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Which drawings still pass? A "T" or a circle often passes as a 7 or a 0. Discuss: is a confident answer the same as knowing?</source>
   <translation>哪些画还是能蒙混过关？一个“T”或一个圆常被当成 7 或 0。讨论：有把握的答案就等于真的知道吗？</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Open a photo of a digit on paper (File &gt; Open image…, Ctrl+O, right-click the canvas, or drop the file on it). The input shows what the network gets of it. Draw on the canvas to go back to drawing.</source>
   <translation>打开一张纸上数字的照片（文件 &gt; 打开图片…、Ctrl+O、右键点画板，或把文件拖到画板上）。“输入”显示网络得到的内容。在画板上书写即可回到手写。</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Same start, two learning rates</source>
   <translation>同一起点，两种学习率</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>The tiny network with plain SGD on 12,800 images (200 steps), twice: once at a learning rate of 0.01, then, from exactly the same random weights and the same order of images, at 0.1. The only difference between the two runs is the learning rate.</source>
   <translation>小网络用普通 SGD 在 12,800 张图片上训练（200 步），两次：一次学习率 0.01，另一次从完全相同的随机权重、以相同的图片顺序，学习率 0.1。两次训练唯一的不同就是学习率。</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Press Start (Space): SGD at a learning rate of 0.01 trains for 200 steps. Watch how fast the loss falls.</source>
   <translation>点开始（空格键）：学习率 0.01 的 SGD 训练 200 步。看看损失下降得有多快。</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>When it has finished, press K (File &gt; Keep this run for comparison): its curves stay on the plots, grey and dashed.</source>
   <translation>训练结束后按 K（文件 &gt; 保留本次训练以便比较）：它的曲线以灰色虚线留在图上。</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Type 0.1 as the learning rate and press Start. The new run starts from the same random weights and sees the images in the same order. The line over the plots says what differs: lr 0.01 vs 0.1.</source>
   <translation>把学习率改成 0.1，点开始。新的训练从相同的随机权重开始，以相同的顺序看图片。图上方的一行写着两者的区别：lr 0.01 vs 0.1。</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Compare the curves: in the same 200 steps the bigger steps get much further (on the 2,000 test images it tests on: about 93% against 83%); the line over the plots gives both test accuracies, A | B.</source>
   <translation>比较两条曲线：同样 200 步，步子大的走得远得多（在这里用于测试的 2,000 张测试图片上：约 93% 对 83%）；图上方的一行给出两次的测试准确率，A | B。</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Look at the feature maps: A (the kept run, lr 0.01) stands left of B (lr 0.1), the same test image, each side on its own colour scale. Which run's maps pick out the strokes more clearly?</source>
   <translation>看看特征图：A（保留的训练，lr 0.01）在 B（lr 0.1）左边，同一张测试图片，各自使用自己的色标。哪次训练的特征图更清楚地抓住了笔画？</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Is bigger always better? Press K to keep this run, try 1.0 (the highest learning rate the box takes), press Start and watch.</source>
   <translation>步子越大就总是越好吗？按 K 保留本次训练，试试 1.0（输入框能接受的最大学习率），按开始，看看会怎样。</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Look inside: what it learned, and how to fool it</source>
   <translation>看看内部：它学到了什么，又怎样骗过它</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>The tiny network learns for one epoch; then the class looks at what each filter wants to see, at the map of what it learned, and changes a digit just enough to fool it.</source>
   <translation>小网络训练一轮；然后全班看看每个滤波器想看到什么、所学内容的地图，再把一个数字改动到刚好能骗过它。</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Press Start (Space). While it learns, open the Map tab: each dot is a test image, coloured by its digit. After each test the dots move: clouds of the same digit pull apart as the network learns to tell them apart.</source>
   <translation>点开始（空格键）。训练时打开“地图”标签页：每个点是一张测试图片，按它的数字着色。每次测试后点都会移动：随着网络学会区分，同一数字的点云彼此分开。</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Which digits still overlap on the map? Point at a dot inside the wrong cloud: that image is one the network finds hard (often it also gets it wrong).</source>
   <translation>地图上哪些数字还重叠在一起？指向一个落在错误点云里的点：那张图片对网络来说很难（常常也会认错）。</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Open the Filters tab: for each filter of conv1, the nine test images that excite it most (the orange box is the patch it looks at) and the pattern it likes best: strokes and edges at one angle. Choose conv2, then the classes: 'dream' the pattern that looks most like a 3 to the network.</source>
   <translation>打开“滤波器”标签页：对 conv1 的每个滤波器，显示最能激活它的九张测试图片（橙色框是它看的那一块）以及它最喜欢的图案：某个角度的笔画和边缘。选 conv2，再选类别：让网络“梦见”它认为最像 3 的图案。</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Open the Fool tab: the network reads the test image correctly. Make it say 8 (Attack): each pixel changes by at most 50 of 255 grey levels, a speckle that looks nothing like an 8 to us, and it answers 8. Try 'the fewest pixels': how many pixels does it take?</source>
   <translation>打开“骗过”标签页：网络正确认出了测试图片。让它说 8（攻击）：每个像素最多改变 255 级灰度中的 50 级，在我们看来这片斑点一点也不像 8，它却答 8。再试试“改最少的像素”：需要改几个像素？</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Discuss: the network saw patterns, not digits. Why can a speckle that looks nothing like an 8 to us make it answer 8?</source>
   <translation>讨论：网络看到的是图案，而不是数字。为什么一片在我们看来一点也不像 8 的斑点，能让它答 8？</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Teach it our shapes</source>
   <translation>教它认识我们的图形</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>The class invents its own classes (circle, triangle, star), draws examples on their phones, and a new tiny network learns them from scratch, from the class's own drawings only.</source>
   <translation>全班自己设定类别（圆、三角形、星形），在手机上画出例子，一个新的微型网络只用全班自己的图画从零开始学习它们。</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Open the class canvas (F6, or the Class canvas button at the top right). The students scan the QR code with their phones; the panel counts the phones that have sent something.</source>
   <translation>打开班级画板（F6，或右上角的“班级画板”按钮）。学生用手机扫描二维码；面板会统计已发送内容的手机数量。</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Click Our own classes… and name three shapes: type circle and click Add, then triangle and star. The phones now ask: draw one of our classes and say which.</source>
   <translation>点击“我们自己的类别…”，为三个图形命名：输入 圆 并点击“添加”，然后是 三角形 和 星形。手机上现在会显示：画出我们的一个类别，并说明是哪个。</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Everyone draws a few of each shape. Accept the good drawings with A, reject scribbles with R, and keep a few with H as our own test set (never trained on). At least two of each shape are needed; ten of each are better.</source>
   <translation>每个人都把每种图形画几幅。用 A 采用好的图画，用 R 拒绝乱涂，并用 H 留几幅作为我们自己的测试集（从不用于训练）。每种图形至少需要两幅；每种十幅更好。</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Click Train a new net on our classes: a fresh tiny network with one output per shape starts from random weights and learns from the accepted drawings only. Watch the curves fall and the Kernels turn from noise into little stroke detectors.</source>
   <translation>点击“用我们的类别训练新网络”：一个每种图形一个输出的全新微型网络从随机权重开始，只用已采用的图画学习。观察曲线下降，卷积核从噪声变成小小的笔画检测器。</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Feature maps: what the network sees in a drawing. On the phones, each drawing's answer (the shapes' names with their probabilities, or not sure) follows the network as it learns. Draw a new shape on a phone: does it know it?</source>
   <translation>特征图：网络在一幅图画中看到了什么。在手机上，每幅图画的回答（图形的名称及其概率，或“不确定”）随着网络的学习而变化。在手机上画一个新图形：它认得出来吗？</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Discuss: why are a few dozen drawings enough for three shapes, when the digits took thousands? What does it answer for a shape it never saw, a heart or a house?</source>
   <translation>讨论：为什么三个图形只需几十幅图画，而数字却需要成千上万幅？对于它从未见过的图形，比如心形或房子，它会怎么回答？</translation>
  </message>
  <message>
   <source>Look at the feature maps: A (the kept run, lr 0.01) stands left of B (lr 0.1), the same test image, one colour scale per pair. Which run's maps pick out the strokes more clearly?</source>
   <translation type="vanished">看看特征图：A（保留的训练，lr 0.01）在 B（lr 0.1）左边，同一张测试图片，每对使用同一色标。哪次训练的特征图更清楚地抓住了笔画？</translation>
  </message>
  <message>
   <source>Open Statistics: the gradient lines stop after the first steps. The overshoot made every ReLU output zero, so no gradient flows back any more.</source>
   <translation type="vanished">打开“统计”：梯度曲线在最初几步后就中断了。步子迈过头，让每个 ReLU 的输出都变成零，梯度就再也传不回去了。</translation>
  </message>
  <message>
   <source>{loaded} Start continues training from these weights.</source>
   <translation type="vanished">{loaded} 按“开始”会从这些权重继续训练。</translation>
  </message>
  <message>
   <source>{text} Note: {note}.</source>
   <translation type="vanished">{text} 注意：{note}。</translation>
  </message>
  <message>
   <source>{names} contain NaN or infinite numbers: training has blown up. Reset the network and lower the learning rate (try 10 times smaller).</source>
   <translation type="vanished">{names} 含有 NaN 或无穷大的数：训练已经崩溃。请重置网络并降低学习率（试试小 10 倍）。</translation>
  </message>
  <message>
   <source>In most recent steps no gradient at all reaches {names}: those weights have stopped learning. This usually means dead ReLUs (every unit outputs 0) after a too-large step. Reset the network and use a smaller learning rate.</source>
   <translation type="vanished">在最近的大多数步骤中，完全没有梯度到达 {names}：这些权重已停止学习。这通常意味着步长过大后 ReLU 死亡（每个单元都输出 0）。请重置网络并使用更小的学习率。</translation>
  </message>
  <message>
   <source>The last run is also kept in an autosave, offered at the next start.</source>
   <translation type="vanished">最近一次训练也已自动保存，下次启动时会提示恢复。</translation>
  </message>
  <message>
   <source>{percent}% sure</source>
   <translation type="vanished">把握 {percent}%</translation>
  </message>
  <message>
   <source>This network knows {names}, but the class canvas holds drawings of {current}: it can only train further on drawings of its own classes. Name the same classes on the class canvas (F6), or press Reset for a new network of the data set.</source>
   <translation type="vanished">这个网络认识 {names}，但班级画板上的是 {current} 的画：它只能用自己类别的画继续学习。请在班级画板（F6）上起同样的类别名，或按重置为数据集换一个新网络。</translation>
  </message>
  <message>
   <source>{cause}. The weights were restored to step {step} and training is paused. {advice}</source>
   <translation type="vanished">{cause}。权重已恢复到第 {step} 步，训练已暂停。{advice}</translation>
  </message>
  <message>
   <source>Optimiser</source>
   <translation type="vanished">优化器</translation>
  </message>
  <message>
   <source>This network knows the class's own classes ({names}): it trains on the class's drawings (class canvas, F6: Train a new net on our classes). Reset gives a new network for the data set.</source>
   <translation type="vanished">这个网络认识班级自己的类别（{names}）：它用班级的画来训练（班级画板，F6：用我们的类别训练新网络）。“重置”会为数据集换一个新网络。</translation>
  </message>
  <message>
   <source>({index} of {total}, newest first)</source>
   <translation type="vanished">（第 {index} 个，共 {total} 个，最新的在前）</translation>
  </message>
  <message>
   <source>{percent}%, not sure</source>
   <translation type="vanished">{percent}%，没把握</translation>
  </message>
  <message>
   <source>showing the evidence for &lt;b&gt;{digit}&lt;/b&gt; ({percent}%)</source>
   <translation type="vanished">显示 &lt;b&gt;{digit}&lt;/b&gt; 的依据（{percent}%）</translation>
  </message>
  <message>
   <source>★ your drawing:
{where}</source>
   <translation type="vanished">★ 你的手写：
{where}</translation>
  </message>
  <message>
   <source>labelled {label}{who}</source>
   <translation type="vanished">标签 {label}{who}</translation>
  </message>
  <message>
   <source>labelled {label}{who}; the network reads {answer}, {verdict}</source>
   <translation type="vanished">标签 {label}{who}；网络认成 {answer}，{verdict}</translation>
  </message>
  <message>
   <source>Attacking {what} with the weights of step {step:,}…</source>
   <translation type="vanished">正在用第 {step:,} 步的权重攻击 {what}…</translation>
  </message>
  <message>
   <source>{source} · weights of step {step}</source>
   <translation type="vanished">{source} · 第 {step} 步的权重</translation>
  </message>
  <message>
   <source>Nothing to map yet: waiting for {missing}.</source>
   <translation type="vanished">还没有可绘制的内容：正在等待 {missing}。</translation>
  </message>
  <message>
   <source>Explaining {what} with the weights of step {step}…</source>
   <translation type="vanished">正在用第 {step} 步的权重解释 {what}…</translation>
  </message>
  <message>
   <source>{source}: the network says &lt;b&gt;{answer}&lt;/b&gt; ({percent}% sure){chosen} · weights of step {step}</source>
   <translation type="vanished">{source}：网络认为是 &lt;b&gt;{answer}&lt;/b&gt;（把握 {percent}%）{chosen} · 第 {step} 步的权重</translation>
  </message>
  <message>
   <source>Nothing to explain yet: {what}.</source>
   <translation type="vanished">还没有可解释的内容：{what}。</translation>
  </message>
  <message>
   <source>the classes</source>
   <translation type="vanished">各类别</translation>
  </message>
  <message>
   <source>Saved the {what} to {path}</source>
   <translation type="vanished">已将 {what} 保存到 {path}</translation>
  </message>
  <message>
   <source>Could not export the {what}: {exc}</source>
   <translation type="vanished">无法导出 {what}:{exc}</translation>
  </message>
  <message>
   <source>&lt;b&gt;{what}&lt;/b&gt; with the weights of step {step} (computed in {seconds} s)</source>
   <translation type="vanished">第 {step} 步权重下的 &lt;b&gt;{what}&lt;/b&gt;（用时 {seconds} 秒）</translation>
  </message>
  <message>
   <source>Nothing to look at yet: waiting for {missing}.</source>
   <translation type="vanished">还没有可查看的内容：正在等待 {missing}。</translation>
  </message>
  <message>
   <source>Compare the curves: in the same 200 steps the bigger steps get much further (on our machine, over the whole test set: about 95% against 87%). Is bigger always better? Press K to keep this run, try 2.0, and watch.</source>
   <translation type="vanished">比较两条曲线：同样 200 步，步子大的走得远得多（在我们的机器上，整个测试集：约 95% 对 87%）。步子越大就总是越好吗？按 K 保留本次训练，试试 2.0，看看会怎样。</translation>
  </message>
 </context>
</TS>
